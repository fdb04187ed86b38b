import { type ReactNode, useLayoutEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useMatch, type Location } from 'react-router';
import { useAuth, useBootstrapLoaded, useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { buttonClass } from '../ui/Button';
import { MenuPosition, useMenuItems } from './appearance/MenuPosition';
import { ThemeSwitch } from './appearance/ThemeSwitch';
import { usePreviewBridge } from './appearance/preview';
import { useAvailableLocales } from '../lib/locale';
import { AdSlot } from './ads/AdSlot';
import { CookieNotice, CookieSettingsLink } from './CookieNotice';
import { ConfirmEmailNotice } from './auth/ConfirmEmailNotice';
import { useThemeStyle } from './appearance/theme';
import { SiteHeader } from './ui/SiteHeader';
import { MAIN_ID, SkipLink, useFocusHeadingOnNavigate } from '../ui/RouteFocus';
import { usePageViewBeacon } from './page-view-beacon';
import { useSiteAnalytics } from './analytics';
import { retryableLazy } from '../lib/retryable-lazy';
import { LazyPart } from '../ui/LazyPart';
import { PAGE_WIDTH } from './ui/page-width';
import { cn } from '../ui/cn';
import { DraftGuard } from '../lib/unsaved-changes';

// Only signed-in visitors need the account menu (and its dropdown library): keep it out of the first bundle.
const AccountMenu = retryableLazy(() => import('../ui/AccountMenu'), (m) => m.AccountMenu);
const NotificationsBell = retryableLazy(() => import('./notifications/NotificationsBell'), (m) => m.NotificationsBell);
// Signed-out visitors pick a language here (signed-in users in the account menu); lazy for the same reason.
const LanguageSwitcher = retryableLazy(() => import('../ui/LanguagePicker'), (m) => m.LanguageSwitcher);

/** Login/register or the account menu, shared by the site header and the landing navbar. */
export function AccountButtons() {
  const { user } = useAuth();
  const loaded = useBootstrapLoaded();
  const registrationOff = useSetting<boolean>('client.registration.disable', false);
  // Until the visitor is known, nothing: a signed-in member saw Login and Register flash on every first paint.
  if (!loaded) return <span aria-hidden className="h-10 w-10" />;
  if (user) return <LazyPart compact fallback={<span className="h-10 w-10" />}><NotificationsBell /><AccountMenu /></LazyPart>;
  return (
    <>
      <Link to="/login" className={buttonClass('text', 'md', 'text-current')}>{trans('Login')}</Link>
      {!registrationOff && <Link to="/register" className={buttonClass('primary')}>{trans('Register')}</Link>}
    </>
  );
}

/** The language choice of visitors who are not signed in (signed-in users choose in the account menu). */
export function VisitorLanguageSwitch() {
  const { user } = useAuth();
  const i18n = useSetting<boolean>('client.i18n.enable', true);
  const { data: locales } = useAvailableLocales(i18n && !user);
  if ((locales?.localizations.length ?? 0) < 2) return null;
  return <LazyPart compact fallback={null}><LanguageSwitcher /></LazyPart>;
}

export function SiteFooter() {
  const siteName = useSetting<string>('client.branding.site_name', '');
  // Its menus come with the visitor's bootstrap: drawn before it, the footer grew upwards into a short page's view.
  if (!useBootstrapLoaded()) return null;
  return (
    <footer className="border-t border-border bg-bg-alt py-8 text-sm text-text-muted">
      {/* The same width and padding as the catalogue pages, so the footer's edge lines up with theirs at every width. */}
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between')}>
        <div className="flex flex-col gap-2">
          {/* The links' hover background reaches past their text: pulled out by its padding, the text lines up with the © line. */}
          <MenuPosition position="footer" label={trans('Footer')} className="-mx-3" />
          <MenuPosition position="footer-secondary" label={trans('Secondary footer')} className="-mx-3" />
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1"><span>© {new Date().getFullYear()} {siteName}</span><CookieSettingsLink /></p>
        </div>
        <div className="-mx-2 flex items-center gap-2">
          <VisitorLanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
    </footer>
  );
}

/** The header, main region (with its ad slots), footer and the operator's mobile bottom bar around a site page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const hasBottom = useMenuItems('mobile-bottom').length > 0;
  return (
    <div className="flex min-h-full flex-col">
      <SiteHeader account={<AccountButtons />} />
      <main id={MAIN_ID} tabIndex={-1} className={hasBottom ? 'min-w-0 flex-1 pb-16 outline-none md:pb-0' : 'min-w-0 flex-1 outline-none'}>
        <AdSlot slot="general_top" />
        {children}
        <AdSlot slot="general_bottom" />
      </main>
      <SiteFooter />
      {hasBottom && (
        <MenuPosition
          position="mobile-bottom"
          variant="bottom"
          label={trans('Mobile navigation')}
          className="fixed inset-x-0 bottom-0 z-20 overflow-x-auto border-t border-border bg-bg-elevated py-1 md:hidden"
        />
      )}
    </div>
  );
}

/**
 * Every document's first entry has the key "default", so the router restored one page's scroll position on the next
 * page loaded in the same tab (a typed address, a return from checkout or a social sign-in opened halfway down).
 * The first entry is keyed by its path instead: a reload keeps its place, another page starts at the top.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/** Marks the page root while the public site shows: past 1920 px its root size grows with the screen (index.css). */
function useBigScreenScale() {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-site-scale', '');
    return () => root.removeAttribute('data-site-scale');
  }, []);
}

/**
 * The public site's shell: theme, preview bridge, scroll restoration (back to a long browse page lands where
 * the visitor was) and the chrome around every page. `/` draws its own: the landing page puts its header inside
 * its hero, and the home channel wraps itself in the chrome once it knows it is not the landing.
 */
export function Component() {
  useThemeStyle();
  useBigScreenScale();
  usePreviewBridge();
  useFocusHeadingOnNavigate();
  usePageViewBeacon();
  useSiteAnalytics();
  const isHome = useMatch('/');
  return (
    <>
      <SkipLink />
      <ScrollRestoration getKey={scrollKey} />
      <CookieNotice at="top" />
      <ConfirmEmailNotice />
      <DraftGuard />
      {isHome ? <Outlet /> : <SiteChrome><Outlet /></SiteChrome>}
      <CookieNotice at="bottom" />
    </>
  );
}
