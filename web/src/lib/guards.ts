import { redirect, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { fetchBootstrap, userCan, type PermissionNeed } from './auth';

/** The sign-in page, which comes back to `back` (a path with its query) once signed in. */
export const loginPath = (back: string) => `/login?redirect=${encodeURIComponent(back)}`;

/**
 * `path` (sign in, sign up) keeping the page to come back to that brought the visitor here (?redirect=), so moving
 * between the sign-in and sign-up forms does not lose it.
 */
export function keepRedirect(path: string, params: URLSearchParams): string {
  const back = params.get('redirect');
  return back ? `${path}?redirect=${encodeURIComponent(back)}` : path;
}

/** The sign-in address that comes back to the page being shown. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  return loginPath(pathname + search);
}

/** Sends a guest to sign in and back to where they were. */
export function useLoginRedirect(): () => void {
  const navigate = useNavigate();
  const login = useLoginPath();
  return () => void navigate(login);
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(loginPath(url.pathname + url.search + pageHash(url)));
}

/**
 * A loader's request has no #fragment. When it loads the address the browser shows (a link opened from a mail, like
 * "Manage your subscription" to /account-settings#account-billing), that address's fragment comes back after signing
 * in too, so the member lands on the section the link named.
 */
function pageHash(url: URL): string {
  if (typeof window === 'undefined') return '';
  const shown = window.location;
  return shown.pathname === url.pathname && shown.search === url.search ? shown.hash : '';
}

/** Loader for /admin: signed-out visitors go to login; others need admin.access (or admin). */
export async function adminLoader({ request }: LoaderFunctionArgs) {
  const { user, settings } = await fetchBootstrap();
  if (!user) throw loginRedirect(request);
  if (!userCan(user, 'admin.access')) throw new Response('Forbidden', { status: 403 });
  // The site requires 2FA for everyone who can open the admin: set it up first (the server refuses admin calls meanwhile).
  if (settings['client.auth.require_two_factor_admin'] === true && !user.two_factor_enabled) throw redirect('/account-settings#account-two-factor');
  return null;
}

/** Loader factory for one admin section's permission. */
export function requirePermission(permission: PermissionNeed) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { user } = await fetchBootstrap();
    if (!user) throw loginRedirect(request);
    if (!userCan(user, permission)) throw new Response('Forbidden', { status: 403 });
    return null;
  };
}

/** Loader for login/register pages: signed-in users go to their redirect target. */
export async function guestLoader({ request }: LoaderFunctionArgs) {
  const { user } = await fetchBootstrap();
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  return null;
}

export function safeRedirect(target: string | null | undefined): string {
  // Browsers read "/\host" like "//host": another site. Tabs and line breaks are dropped by the URL parser, so
  // "/<tab>/host" becomes "//host" too: the address is read the way the browser will read it.
  if (!target || !/^\/(?![/\\])/.test(target)) return '/';
  const base = 'http://site.invalid';
  const url = new URL(target, base);
  // Dot segments fold too: "/..//host" and "/.//host" come out as "//host", another site once more.
  const path = url.pathname + url.search + url.hash;
  return url.origin === base && !/^\/[/\\]/.test(path) ? path : '/';
}

/** Loader for pages of the signed-in user (account settings): visitors go to login and come back. */
export async function userLoader({ request }: LoaderFunctionArgs) {
  const { user } = await fetchBootstrap();
  if (!user) throw loginRedirect(request);
  return null;
}
