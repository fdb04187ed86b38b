import { useEffect, useRef } from 'react';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';

/**
 * Loads the next page when the bottom of the list scrolls into view; the "Load more" button does the same for
 * keyboard and screen-reader users (and for browsers without IntersectionObserver).
 */
export function InfiniteSentinel({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more.current(); }, { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-6">
      <button type="button" className={buttonClass('outline')} onClick={onMore} disabled={loading}>
        {loading ? trans('Loading...') : trans('Load more')}
      </button>
    </div>
  );
}
