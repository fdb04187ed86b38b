import { createElement, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Parts whose code failed to load, each with how to ask for it anew. */
const failed = new Set<() => void>();

/** Lets every part whose code failed to load ask for it again on its next render (LazyPart's "Try again"). */
export function retryFailedParts(): void {
  const renew = [...failed];
  failed.clear();
  renew.forEach((r) => r());
}

/** The module a failed dynamic import names (Chromium and Firefox say which; Safari does not), without its query. */
export function failedModuleUrl(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  return /(https?:\/\/[^\s'"?#]+\.m?js)/.exec(error.message)?.[1] ?? null;
}

let retries = 0;

/**
 * `React.lazy`, except that a part whose code failed to load (offline for a moment, a chunk gone after an upgrade)
 * can ask for it again: React.lazy keeps a failure for good, so "Try again" could never bring it back. Only an
 * explicit retry asks again; renewing on the failure itself would have React render, fail and ask in a loop.
 * The browser keeps a failed module for the page's life too (Chromium asks no more for the same address), so a retry
 * asks for the address the failure names with a query of its own; `pick` takes the part from that module as from the
 * first (a named export; the default one without it).
 */
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): (props: ComponentProps<T>) => ReactNode;
export function retryableLazy<M, T extends ComponentType<any>>(load: () => Promise<M>, pick: (module: M) => T): (props: ComponentProps<T>) => ReactNode;
export function retryableLazy(load: () => Promise<any>, pick: (module: any) => ComponentType<any> = (m) => m.default): (props: object) => ReactNode {
  const attempt = (from: () => Promise<unknown>) => lazy(() => from().then((m) => ({ default: pick(m) })).catch((error: unknown) => {
    const url = failedModuleUrl(error);
    failed.add(() => { current = attempt(url ? () => import(/* @vite-ignore */ `${url}?retry=${++retries}`) : load); });
    throw error;
  }));
  let current = attempt(load);
  return (props) => createElement(current, props);
}
