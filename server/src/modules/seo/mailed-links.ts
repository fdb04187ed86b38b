import { MAILED_LINK_PAGES } from '@app/contracts';

/**
 * Mailed links carry a secret: a password reset link's token and the member's email, an email confirmation or change
 * token, a notification mail's unsubscribe token. In a page's address it would reach every script the page loads (a
 * tracking pixel in the operator's custom code sends `location.href` off) and stay in the browser's history. So the
 * server answers the mailed address with a redirect to the page's own address with the secret in the fragment (never
 * sent to any server, this one included), and a first script in the page's head moves it into the tab's session
 * storage and takes it off the address before the custom code or anything else runs (web/src/lib/mailed-link.ts reads it).
 */
// Every mailed-link page but the unsubscribe page carries its token in the path (`/password/reset/<token>`).
const TOKEN_IN_PATH = new RegExp(`^/(${MAILED_LINK_PAGES.filter((p) => p !== 'unsubscribe').join('|')})/([^/]+)/?$`, 'i');
const TOKEN_IN_QUERY = /^\/unsubscribe\/?$/i;

/** Where a mailed link's address goes (the same page, the secret in the fragment), or null for any other address. */
export function mailedLinkRedirect(url: string): string | null {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  const inPath = TOKEN_IN_PATH.exec(pathname);
  if (inPath) {
    let token: string;
    try {
      token = decodeURIComponent(inPath[2]);
    } catch {
      return null;
    }
    const secret = new URLSearchParams({ token });
    for (const [name, value] of query) secret.append(name, value);
    return `/${inPath[1].toLowerCase()}#${secret}`;
  }
  if (TOKEN_IN_QUERY.test(pathname) && query.has('token')) return `/unsubscribe#${query}`;
  return null;
}

/**
 * A request address as the request log writes it: a mailed link's token (in the path or the query) and the email
 * beside it are left out, so whoever reads the logs cannot reset a password or confirm an address with them.
 */
export function redactSecrets(url: string): string {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const inPath = TOKEN_IN_PATH.exec(pathname);
  const path = inPath ? `/${inPath[1]}/[redacted]` : pathname;
  if (at < 0) return path;
  const query = url.slice(at + 1).replace(/(^|&)(token|email)=[^&]*/gi, '$1$2=[redacted]');
  return `${path}?${query}`;
}

/**
 * The first script of a mailed link's page: keeps the fragment for the page (session storage, this tab only) and
 * rewrites the address without it. Where storage is refused the fragment stays, so the link still works.
 */
export const MAILED_LINK_SCRIPT = "(function(){var h=location.hash.slice(1);if(!h)return;var p=location.pathname.replace(/\\/+$/,'').toLowerCase();"
  + "try{sessionStorage.setItem('mailed-link:'+p,h)}catch(e){return}history.replaceState(history.state,'',location.pathname+location.search)})();";
