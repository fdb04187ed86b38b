import { useId, useLayoutEffect, useRef, useState } from 'react';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';

/**
 * A long text (an overview, a biography) shown to its first lines, with a "Read more" toggle that opens the rest;
 * the toggle shows only when the text is longer than those lines, at any width.
 */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className="flex flex-col items-start gap-1">
      <p id={id} ref={ref} dir="auto" className={cn(className, 'self-stretch break-words', !open && 'line-clamp-5')}>{text}</p>
      {(overflows || open) && (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}
          className="text-sm font-medium text-primary hover:underline focus-visible:underline">
          {open ? trans('Show less') : trans('Read more')}
        </button>
      )}
    </div>
  );
}
