import { lazy, Suspense } from 'react';
import { Link, Outlet, useMatch } from 'react-router';
import { useAuth, useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { buttonClass } from '../ui/Button';
import { Logo } from './appearance/Logo';
import { MenuPosition, useMenuItems } from './appearance/MenuPosition';
import { ThemeSwitch } from './appearance/ThemeSwitch';
import { usePreviewBridge } from './appearance/preview';
import { useAvailableLocales } from '../lib/locale';
import { AdSlot } from './ads/AdSlot';
import { CookieNotice } from './CookieNotice';
import { useThemeStyle } from './appearance/theme';

// Only signed-in visitors need the account menu (and its dropdown library): keep it out of the first bundle.
const AccountMenu = lazy(() => import('../ui/AccountMenu').then((m) => ({ default: m.AccountMenu })));
// Signed-out visitors pick a language here (signed-in users in the account menu); lazy for the same reason.
const LanguageSwitcher = lazy(() => import('../ui/LanguagePicker').then((m) => ({ default: m.LanguageSwitcher })));

/** Login/register or the account menu, shared by the site header and the landing navbar. */
export function AccountButtons() {
  const { user } = useAuth();
  const registrationOff = useSetting<boolean>('client.registration.disable', false);
  // Fetch the switcher's code only when there is a language to switch to (it pulls in the dropdown library).
  const i18n = useSetting<boolean>('client.i18n.enable', true);
  const { data: locales } = useAvailableLocales(i18n && !user);
  const canSwitch = (locales?.localizations.length ?? 0) > 1;
  if (user) return <Suspense fallback={<span className="h-10 w-10" />}><AccountMenu /></Suspense>;
  return (
    <>
      {canSwitch && <Suspense fallback={null}><LanguageSwitcher /></Suspense>}
      <Link to="/login" className={buttonClass('text')}>{trans('Login')}</Link>
      {!registrationOff && <Link to="/register" className={buttonClass('primary')}>{trans('Register')}</Link>}
    </>
  );
}

export function SiteFooter() {
  const siteName = useSetting<string>('client.branding.site_name', '');
  return (
    <footer className="border-t border-border bg-bg-alt px-4 py-6 text-sm text-text-muted sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <MenuPosition position="footer" label={trans('Footer')} />
        <MenuPosition position="footer-secondary" label={trans('Secondary footer')} />
        <p>© {new Date().getFullYear()} {siteName}</p>
      </div>
    </footer>
  );
}

/**
 * The public site's shell: theme, preview bridge and, for every page but the landing page (which draws
 * its own navbar and footer), a header, a sidebar with the sidebar menus, a mobile bottom bar and a footer.
 */
export function Component() {
  useThemeStyle();
  usePreviewBridge();
  const isLanding = useMatch('/');
  const hasSidebar = useMenuItems('sidebar-primary').length + useMenuItems('sidebar-secondary').length > 0;
  const hasBottom = useMenuItems('mobile-bottom').length > 0;
  if (isLanding) return <><Outlet /><CookieNotice /></>;
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 flex h-16 items-center gap-4 border-b border-border bg-bg-elevated px-4 sm:px-6">
        <Logo className="shrink-0" />
        <nav className="ml-auto flex items-center gap-2" aria-label={trans('Account')}>
          <ThemeSwitch />
          <AccountButtons />
        </nav>
      </header>
      <div className="flex flex-1">
        {hasSidebar && (
          <aside className="hidden w-60 shrink-0 flex-col gap-4 border-r border-border bg-bg-alt p-3 desk:flex">
            <MenuPosition position="sidebar-primary" variant="column" label={trans('Primary')} />
            <MenuPosition position="sidebar-secondary" variant="column" label={trans('Secondary')} className="border-t border-border pt-3" />
          </aside>
        )}
        <main className={hasBottom ? 'min-w-0 flex-1 pb-16 desk:pb-0' : 'min-w-0 flex-1'}>
          <AdSlot slot="general_top" />
          <Outlet />
          <AdSlot slot="general_bottom" />
        </main>
      </div>
      <SiteFooter />
      <CookieNotice />
      {hasBottom && (
        <MenuPosition
          position="mobile-bottom"
          variant="bottom"
          label={trans('Mobile navigation')}
          className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-bg-elevated py-1 desk:hidden"
        />
      )}
    </div>
  );
}
