import type { ReactNode } from 'react';

/** One section of the account settings page. */
export function Panel({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-lg border border-border bg-bg-elevated p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
