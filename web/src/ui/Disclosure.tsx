import { useId, useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { cn } from './cn';

/** A styled show/hide section (instead of `<details>` and its browser triangle): a button with aria-expanded. */
export function Disclosure({ summary, children, defaultOpen = false, className }: { summary: ReactNode; children: ReactNode; defaultOpen?: boolean; className?: string }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={cn('rounded-md border border-border', className)}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm font-medium hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary">
        <ChevronRight size="1rem" aria-hidden className={cn('shrink-0 text-text-muted transition-transform rtl:-scale-x-100', open && 'rotate-90 rtl:-rotate-90')} />
        {summary}
      </button>
      <div id={id} hidden={!open} className="border-t border-border">{children}</div>
    </div>
  );
}
