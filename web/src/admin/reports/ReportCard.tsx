import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** A titled panel of the report; `wide` spans both columns. */
export function ReportCard({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <section className={cn('rounded-md border border-border bg-bg-elevated p-4', wide && 'lg:col-span-2')} data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}
