/**
 * A mailed link's secret (token, email, kind), for the page it lands on. The server sends the mailed address on to
 * the page with the secret in the fragment, and the page's first head script moves it into this tab's session storage
 * before any other script runs (server/src/modules/seo/mailed-links.ts), so it never sits in the address where a
 * third-party script or the history would see it. Read from the fragment where that script did not run.
 */
const key = (page: string) => `mailed-link:${page}`;

export function mailedLink(page: string): URLSearchParams {
  if (window.location.hash.length > 1) return new URLSearchParams(window.location.hash.slice(1));
  try {
    return new URLSearchParams(window.sessionStorage.getItem(key(page)) ?? '');
  } catch {
    return new URLSearchParams();
  }
}

/** Drops the secret once used: a used link is no use, and it should not outlive the page. */
export function forgetMailedLink(page: string): void {
  try {
    window.sessionStorage.removeItem(key(page));
  } catch {
    // Nothing was stored.
  }
}
