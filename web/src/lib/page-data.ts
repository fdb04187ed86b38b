import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api';

/**
 * The first data of a server-rendered page: the HTML carries `<script type="application/json" id="page-data">`
 * holding `{ key, data }`, where key is the API path of the page's call. The page that asks for that call on
 * first render gets it without a round trip; the element is read once, so later navigations fetch as usual.
 */
let embedded: { key: string; data: unknown } | null | undefined;

/**
 * Back or Forward to a page loaded in full brings its HTML from the browser's cache (Chrome ignores no-cache there),
 * so its embedded data can be older than an edit made since: such a page fetches its data instead.
 */
function fromHistory(): boolean {
  const entry = typeof performance === 'undefined' ? undefined : performance.getEntriesByType?.('navigation')?.[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward';
}

function readEmbedded() {
  if (embedded !== undefined) return embedded;
  embedded = null;
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (el && fromHistory()) el.remove();
  else if (el?.textContent) {
    try {
      embedded = JSON.parse(el.textContent) as { key: string; data: unknown };
    } catch {
      embedded = null;
    }
    el.remove();
  }
  return embedded;
}

/** The embedded data when it belongs to this call (consumed: a second read answers undefined). */
export function takePageData<T>(key: string): T | undefined {
  const found = readEmbedded();
  if (!found || found.key !== key) return undefined;
  embedded = null;
  return found.data as T;
}

/** A page's one data call through React Query, seeded from the embedded data on first render. */
export function usePageData<T>(key: string | null) {
  return useQuery<T, ApiError>({
    queryKey: ['page-data', key],
    queryFn: ({ signal }) => api.get<T>(key!, undefined, signal),
    enabled: key !== null,
    initialData: () => (key ? takePageData<T>(key) : undefined),
  });
}

/** A route param that must be a positive integer id; anything else is "not found" without asking the server. */
export function positiveId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}
