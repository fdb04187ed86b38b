import type { ComponentType } from 'react';
import { LazyPart } from '../ui/LazyPart';
import { fetchBootstrap } from './auth';
import { retryableLazy } from './retryable-lazy';

type PageModule = { Component: ComponentType };

/**
 * The `lazy` of a page only a signed-in user sees (its loader, userLoader, sends a guest to sign in). React Router
 * loads a route's code beside its loader, so a guest downloaded the whole page, its forms and their schemas, only to
 * be redirected: a guest now gets a stand-in that loads the page when it renders, which it never does for them. The
 * route keeps what `lazy` gave first, so a guest who signs in without leaving the app gets the page's code then.
 */
export function memberPage(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return async () => {
    const user = await fetchBootstrap().then((b) => b.user, () => undefined);
    if (user !== null) return load();
    const Page = retryableLazy(load, (m) => m.Component);
    return { Component: () => <LazyPart fallback={null}><Page /></LazyPart> };
  };
}
