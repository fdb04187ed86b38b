import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has been at least `threshold` on screen (the report cards use the spec's 0.1); it stays true.
 * `rootMargin` starts the work before the element scrolls in (home page rows render just ahead of the visitor).
 */
export function useSeen<T extends Element>(opts: { threshold?: number; rootMargin?: string; initially?: boolean } = {}): [RefObject<T | null>, boolean] {
  const { threshold = 0.1, rootMargin, initially = false } = opts;
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(initially);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { threshold, rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [seen, threshold, rootMargin]);
  return [ref, seen];
}
