import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** A titled panel of the report; `wide` spans both columns. */
export function ReportCard({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <section className={cn('rounded-md border border-border bg-paper p-4', wide && 'lg:col-span-2')} data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** True once the element has been at least 10% on screen (the spec's visibility threshold); it stays true. */
export function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { threshold: 0.1 });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}
