import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import type { BootstrapData } from './auth';
import { queryClient, queryKeys } from './query-client';

/**
 * The operator's custom CSS and HTML/JS (appearance "custom code") are written into the page by the server for the
 * public site only, so a broken snippet never locks the operator out of /admin (server/src/modules/seo/html.ts).
 * Moving between the site and the admin inside one document would carry them across: a page first served for the
 * site keeps its styles and running scripts in the admin, and one first served for the admin shows the site
 * without them. The same holds for the analytics tag the site loads: once loaded it keeps counting pages. Crossing
 * that line with custom code or the tag in play loads the new address afresh, so the server serves it with exactly
 * the code it should have. The page reloads at most once per crossing: the new document is served for the area it
 * shows. (Going back to the site needs no reload for the tag: the site loads it again itself.)
 */
type Area = 'admin' | 'site';

const areaOf = (pathname: string): Area => (pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'site');

/** Whether the document carries the custom code the server wrote for the site. */
const carriesCustomCode = () => Boolean(document.getElementById('be-custom-css') || document.getElementById('be-custom-html'));

/**
 * Whether Google's analytics tag was loaded in this document (web/src/site/analytics.ts): any document that showed
 * the site may have loaded it, whatever area it was served for, and the tag would go on measuring the admin.
 */
const carriesAnalyticsTag = () => Boolean(document.getElementById('google-tag'));

/** Whether the site has custom code the server would write into a site page. */
function siteHasCustomCode(): boolean {
  const settings = queryClient.getQueryData<BootstrapData>(queryKeys.bootstrap)?.settings ?? {};
  return ['client.custom_code.css', 'client.custom_code.html'].some((key) => String(settings[key] ?? '').trim() !== '');
}

/** Whether arriving at `pathname` in this document needs a fresh load to have the right custom code. */
export function needsFreshLoad(servedFor: string, pathname: string): boolean {
  const from = areaOf(servedFor);
  const to = areaOf(pathname);
  if (to === 'admin' && carriesAnalyticsTag()) return true;
  if (from === to) return false;
  return to === 'admin' ? carriesCustomCode() : siteHasCustomCode();
}

/** The address this document was served for. */
const SERVED_FOR = typeof window === 'undefined' ? '/' : window.location.pathname;
let reloading = false;

/**
 * Follows the app's navigations (in the root route); `skip` for the appearance editor's preview, which applies the
 * code live. A hook, not a router subscription: a second subscriber made the router lose the scroll position a
 * reload should keep.
 */
export function useFollowCustomCode(skip: boolean): void {
  const { pathname } = useLocation();
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (skip || reloading || !idle || !needsFreshLoad(SERVED_FOR, pathname)) return;
    reloading = true;
    window.location.reload();
  }, [skip, idle, pathname]);
}
