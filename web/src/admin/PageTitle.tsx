import { useEffect, type ReactNode } from 'react';
import { useSetting } from '../lib/auth';

/**
 * The tab's title, followed by the site's name as the server-rendered pages have it ("Dune - StreamSite"), so the
 * title does not lose the name once the app has loaded.
 */
export function useDocumentTitle(title: string) {
  const siteName = useSetting<string>('client.branding.site_name', '');
  useEffect(() => {
    document.title = !siteName || title === siteName ? title || siteName : title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
}

/** The home page's title: the site's name and description, as the server renders it. */
export function useHomeTitle() {
  const siteName = useSetting<string>('client.branding.site_name', '');
  const description = useSetting<string>('client.branding.site_description', '');
  useEffect(() => {
    document.title = description ? `${siteName} - ${description}` : siteName;
  }, [siteName, description]);
}

export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useDocumentTitle(children);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {actions && <div className="ml-auto flex gap-2">{actions}</div>}
    </div>
  );
}
