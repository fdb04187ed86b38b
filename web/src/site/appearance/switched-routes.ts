/** The site switches that take a page away: a link to such a page leads to a 404 (or a dead end) while it is off. */
export interface RouteSwitches {
  /** Settings → Subscriptions → Enable subscriptions (client.billing.enable). */
  billing: boolean;
  /** Settings → Authentication → Disable registration, inverted (client.registration.disable). */
  registration: boolean;
}

const BILLING_PATHS = new Set(['/pricing', '/billing/pricing']);

/** Does this link lead to a page the switches have turned off? External links and other pages never do. */
export function isSwitchedOff(href: string, on: RouteSwitches): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const path = href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  if (!on.billing && BILLING_PATHS.has(path)) return true;
  if (!on.registration && path === '/register') return true;
  return false;
}
