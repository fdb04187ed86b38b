import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api';

/** Public pages that show one model: the report can tell which title, person or video was looked at. */
const MODEL_PATHS: [RegExp, string][] = [
  [/^\/titles\/(\d+)(?:\/[^/]*)?\/season\/\d+\/episode\/\d+/, 'episode'],
  [/^\/titles\/(\d+)(?:\/[^/]*)?\/season\/\d+/, 'season'],
  [/^\/titles\/(\d+)/, 'title'],
  [/^\/people\/(\d+)/, 'person'],
  [/^\/watch\/(\d+)/, 'video'],
  [/^\/news\/(\d+)/, 'news'],
];

function modelOf(path: string): { model_type?: string; model_id?: number } {
  for (const [re, type] of MODEL_PATHS) {
    const m = re.exec(path);
    if (m) return { model_type: type, model_id: Number(m[1]) };
  }
  return {};
}

/**
 * One page view per route change of the public site, sent to our own API (no third-party script). A failed
 * beacon is dropped: counting a visit must never disturb the visit.
 */
export function usePageViewBeacon(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The referrer only means "came from elsewhere" on the first page; later pages are our own links.
    const referrer = first.current && document.referrer ? document.referrer.slice(0, 500) : undefined;
    first.current = false;
    api.post('reports/visits', { path: pathname.slice(0, 255), referrer, ...modelOf(pathname) }).catch(() => undefined);
  }, [pathname]);
}
