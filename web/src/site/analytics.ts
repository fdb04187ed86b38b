import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TRACKING_CODE } from '@app/contracts/analytics-constants';
import { MAILED_LINK_ADDRESS } from '@app/contracts/site-routes';
import { useSetting } from '../lib/auth';
import { isAppearancePreview } from './appearance/is-preview';

export const COOKIE_CONSENT_KEY = 'cookie-notice:accepted';
/** Fired on window when the visitor answers the cookie notice (accepts, or declines after changing their mind). */
export const COOKIE_CONSENT_EVENT = 'cookie-consent';
/** Fired on window by the footer's "Cookie settings" link: the notice shows again so the visitor can change their answer. */
export const COOKIE_NOTICE_REOPEN_EVENT = 'cookie-notice-reopen';

export const hasCookieConsent = () => localStorage.getItem(COOKIE_CONSENT_KEY) === '1';
/** The visitor accepted ('1') or declined ('0') the cookie notice: either way it is not shown again. */
export const answeredCookieNotice = () => localStorage.getItem(COOKIE_CONSENT_KEY) !== null;

/**
 * Loads Google's tag for the analytics settings' tracking code, once. The tag script is added by our own (nonced)
 * code, which the page's CSP ('strict-dynamic' plus the analytics hosts) lets run; `gtag` is defined here, so no
 * inline script is needed. Page changes inside the app are counted by the tag's own history tracking.
 */
function startAnalytics(code: string): void {
  if (!TRACKING_CODE.test(code) || document.getElementById('google-tag')) return;
  const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer || [];
  // gtag.js reads the `arguments` objects it is given, not arrays.
  // eslint-disable-next-line prefer-rest-params
  w.gtag = function gtag() { w.dataLayer.push(arguments); };
  w.gtag('js', new Date());
  w.gtag('config', code);
  const script = document.createElement('script');
  script.id = 'google-tag';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(code)}`;
  document.head.appendChild(script);
}

/**
 * Pages whose address carries a mailed secret: a password reset link's token and the member's email, an email
 * confirmation or change token, a notification mail's unsubscribe token. Google's tag sends the whole address of the
 * page it starts on (and of every later page) to Google, so it never starts on one of these: whoever reads the
 * analytics property could otherwise reset the member's password within the hour.
 */
export const addressCarriesSecret = (pathname: string) => MAILED_LINK_ADDRESS.test(pathname);

/**
 * Whether third parties that track visitors (Google's tag, ad slots) may load: always while the GDPR cookie notice
 * is off, else once the visitor has accepted it (from then on at once, without a reload).
 */
export function useCookieConsent(): boolean {
  const noticeOn = useSetting<boolean>('client.cookie_notice.enable', false);
  const [consent, setConsent] = useState(hasCookieConsent);
  useEffect(() => {
    // Accepting starts them at once; declining later removes the ad slots and silences the tag now.
    const answered = () => setConsent(hasCookieConsent());
    window.addEventListener(COOKIE_CONSENT_EVENT, answered);
    return () => window.removeEventListener(COOKIE_CONSENT_EVENT, answered);
  }, []);
  return !noticeOn || consent;
}

/**
 * Google's documented opt-out: while `window['ga-disable-<code>']` is true, a tag already loaded sends nothing (a
 * visitor who declines after accepting is not tracked for the rest of that page, nor on a secret address).
 */
function pauseAnalytics(code: string, paused: boolean): void {
  if (TRACKING_CODE.test(code)) (window as unknown as Record<string, unknown>)[`ga-disable-${code}`] = paused;
}

/**
 * The public site's analytics: with a tracking code set, the tag loads, but while the GDPR cookie notice is on only
 * once the visitor has accepted it. Never inside the appearance editor's preview, nor on a page whose address
 * carries a secret (it loads on the next page the visitor opens).
 */
export function useSiteAnalytics(): void {
  const code = useSetting<string>('client.analytics.tracking_code', '');
  const secretAddress = addressCarriesSecret(useLocation().pathname);
  const allowed = useCookieConsent();
  useEffect(() => {
    if (!code || isAppearancePreview) return;
    const on = allowed && !secretAddress;
    pauseAnalytics(code, !on);
    if (on) startAnalytics(code);
  }, [code, allowed, secretAddress]);
}
