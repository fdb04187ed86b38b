import { Link } from 'react-router';
import { useAuth, useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { buttonClass } from '../ui/Button';
import { useDocumentTitle } from '../admin/PageTitle';

export function Component() {
  const siteName = useSetting<string>('client.branding.site_name', 'StreamSite');
  const { user, isAdmin } = useAuth();
  useDocumentTitle(siteName);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-4xl font-bold sm:text-5xl">{siteName}</h1>
      <p className="text-lg text-text-muted">{trans('Movies and series, streaming in one place.')}</p>
      <div className="mt-4 flex gap-3">
        {!user && <Link to="/register" className={buttonClass('primary')}>{trans('Get started')}</Link>}
        {isAdmin && <Link to="/admin" className={buttonClass('outline')}>{trans('Admin area')}</Link>}
      </div>
    </section>
  );
}
