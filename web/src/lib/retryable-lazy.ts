import { createElement, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Parts whose code failed to load, each with how to ask for it anew. */
const failed = new Set<() => void>();

/** Lets every part whose code failed to load ask for it again on its next render (LazyPart's "Try again"). */
export function retryFailedParts(): void {
  const renew = [...failed];
  failed.clear();
  renew.forEach((r) => r());
}

/**
 * `React.lazy`, except that a part whose code failed to load (offline for a moment, a chunk gone after an upgrade)
 * can ask for it again: React.lazy keeps a failure for good, so "Try again" could never bring it back. Only an
 * explicit retry asks again; renewing on the failure itself would have React render, fail and ask in a loop.
 */
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): (props: ComponentProps<T>) => ReactNode {
  const attempt = () => lazy(() => load().catch((error: unknown) => {
    failed.add(() => { current = attempt(); });
    throw error;
  }));
  let current = attempt();
  return (props) => createElement(current, props);
}
