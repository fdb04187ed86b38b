import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { trans } from '../lib/i18n';

/** A trail of links; the last item is the current page. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label={trans('Breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-text-muted">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-1">
            {i > 0 && <ChevronRight size="0.875rem" aria-hidden className="rtl:-scale-x-100" />}
            {item.to && i < items.length - 1
              ? <Link to={item.to} className="hover:text-text hover:underline">{item.label}</Link>
              : <span aria-current="page" className="font-medium text-text">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
