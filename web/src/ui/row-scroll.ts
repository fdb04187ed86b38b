import { useEffect, useRef, useState } from 'react';
import { pageIsRtl } from '../lib/direction';
import { trans } from '../lib/i18n';
import { scrollBehavior } from '../lib/motion';

const SNAP_SLACK = 8;

/**
 * A row's scroller: the padding leaves room for focus rings, and the scroll padding matches it so snapping to the
 * first poster does not shift the row by that padding (which also lit its "previous" button).
 */
export const ROW_SCROLLER_CLASS = '-mx-1 flex snap-x scroll-px-1 gap-4 overflow-x-auto scroll-smooth px-1 pb-2 [scrollbar-width:thin]';

interface Edges { overflows: boolean; atStart: boolean; atEnd: boolean }

/** The previous/next buttons' names, as the row moves on screen: back is to the right in a right-to-left page. */
export function rowScrollLabels(): { back: string; forward: string } {
  const [left, right] = [trans('Scroll left'), trans('Scroll right')];
  return pageIsRtl() ? { back: right, forward: left } : { back: left, forward: right };
}

/**
 * A horizontally scrolling row's previous/next buttons: `scroll` moves it by most of its width, and the edges say
 * whether it overflows at all (no buttons beside three posters) and whether it sits at its start or end. `count` is
 * the number of items, so the edges are measured again when they arrive.
 */
export function useRowScroll<T extends HTMLElement>(count: number) {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>({ overflows: false, atStart: true, atEnd: true });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      // Right-to-left rows count scrollLeft down from 0. Scroll snapping can rest a few pixels off either edge.
      const pos = Math.abs(el.scrollLeft);
      const next = { overflows: max > 1, atStart: pos < SNAP_SLACK, atEnd: pos > max - SNAP_SLACK };
      setEdges((prev) => (prev.overflows === next.overflows && prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [count]);
  const scroll = (dir: 1 | -1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.85 * (pageIsRtl() ? -1 : 1), behavior: scrollBehavior() });
  };
  return { ref, scroll, ...edges };
}
