import { Construction } from 'lucide-react';
import { trans } from '../lib/i18n';
import { PageTitle } from './PageTitle';

export function Placeholder({ title }: { title: string }) {
  return (
    <div className="p-4 desk:p-8">
      <PageTitle>{title}</PageTitle>
      <div className="mt-6 flex flex-col items-center gap-2 rounded-md border border-dashed border-border p-12 text-center text-text-muted">
        <Construction size={32} aria-hidden />
        <p>{trans('This section is not available yet.')}</p>
      </div>
    </div>
  );
}
