import { useEffect, type ReactNode } from 'react';
import { useSetting } from '../lib/auth';

/**
 * The tab's title, followed by the site's name as the server-rendered pages have it ("Dune - StreamSite"), so the
 * title does not lose the name once the app has loaded.
 */
export function useDocumentTitle(title: string) {
  const siteName = useSetting<string>('client.branding.site_name', '');
  useEffect(() => {
    if (errorPages.size) return;
    document.title = fullTitle(title, siteName);
  }, [title, siteName]);
}

const fullTitle = (title: string, siteName: string) => (!siteName || title === siteName ? title || siteName : title ? `${title} - ${siteName}` : siteName);

/**
 * Error pages shown now. A page that renders one (its title unknown, say) still calls useDocumentTitle with
 * "Loading", and a parent's effect runs after its children's: while an error page is up, its title stands.
 */
const errorPages = new Set<symbol>();

/** The tab's title of an error page (not found, forbidden), over the title of the page that shows it. */
export function useErrorPageTitle(title: string) {
  const siteName = useSetting<string>('client.branding.site_name', '');
  useEffect(() => {
    const token = Symbol(title);
    errorPages.add(token);
    document.title = fullTitle(title, siteName);
    return () => { errorPages.delete(token); };
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
      {/* max-w-full: actions wider than a phone (the report's custom range) wrap inside it instead of widening the page. */}
      {actions && <div className="ms-auto flex max-w-full gap-2">{actions}</div>}
    </div>
  );
}
