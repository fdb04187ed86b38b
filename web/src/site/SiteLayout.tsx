import { Link, Outlet } from 'react-router';
import { useAuth, useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { AccountMenu } from '../ui/AccountMenu';
import { buttonClass } from '../ui/Button';
import { AdSlot } from './ads/AdSlot';
import { CookieNotice } from './CookieNotice';

export function Component() {
  const { user } = useAuth();
  const siteName = useSetting<string>('client.branding.site_name', 'StreamSite');
  const registrationOff = useSetting<boolean>('client.registration.disable', false);
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex h-16 items-center gap-4 border-b border-border bg-bg-elevated px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold">{siteName}</Link>
        <nav className="ml-auto flex items-center gap-2" aria-label={trans('Account')}>
          {user ? (
            <AccountMenu />
          ) : (
            <>
              <Link to="/login" className={buttonClass('text')}>{trans('Login')}</Link>
              {!registrationOff && <Link to="/register" className={buttonClass('primary')}>{trans('Register')}</Link>}
            </>
          )}
        </nav>
      </header>
      <AdSlot slot="general_top" />
      <main className="flex-1">
        <Outlet />
      </main>
      <AdSlot slot="general_bottom" />
      <CookieNotice />
    </div>
  );
}
