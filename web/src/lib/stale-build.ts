/**
 * After the site is upgraded, a tab opened before it asks for the previous build's code chunks, which are gone: the
 * next lazily loaded route or section fails. The route's error page (ErrorPages.tsx) then reloads the tab once, at the
 * address the visitor was going to, to get the current build. A failure again soon after that reload (a chunk missing
 * from the current build too, or the network) shows as an error, so the page never reloads in a loop.
 */
const KEY = 'stale-build-reloaded-at';
const GRACE_MS = 30_000;

function recentlyReloaded(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < GRACE_MS;
  } catch {
    // No storage (privacy mode): never reload, rather than risk a loop.
    return true;
  }
}

/** Reloads into the current build unless that was just tried; answers whether it did. */
export function reloadForNewBuild(): boolean {
  if (recentlyReloaded()) return false;
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Without the mark the next page could not tell it was this reload: no reload at all.
    return false;
  }
  window.location.reload();
  return true;
}

// Chromium, Firefox and Safari word a failed dynamic import differently.
const CHUNK_FAILED = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The browser knows it has no network. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Code (a route's, a part's) that could not be loaded: gone after an upgrade, or the network. */
export const isCodeLoadError = (e: unknown): boolean => e instanceof Error && CHUNK_FAILED.test(e.message);

/** A route whose code could not be loaded, and a reload may fix it (offline, a reload would only lose the page). */
export const isStaleBuildError = (e: unknown): boolean => isCodeLoadError(e) && !isOffline() && !recentlyReloaded();

/** The entry script this tab runs (`/assets/index-<hash>.js`); null in development, where there are no built files. */
function entryScript(html: string): string | null {
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="(\/assets\/[^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Whether the server now serves another build than the one this tab runs: its page names another entry script.
 * A failed chunk reads the same whether it is gone or the network dropped; only this tells them apart. False when it
 * cannot tell (out of reach, development).
 */
export async function newBuildDeployed(): Promise<boolean> {
  const mine = document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute('src');
  if (!mine) return false;
  try {
    const res = await fetch('/', { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'text/html' } });
    if (!res.ok) return false;
    const current = entryScript(await res.text());
    return current !== null && current !== mine;
  } catch {
    return false;
  }
}
