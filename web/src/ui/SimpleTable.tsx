import type { ReactNode } from 'react';
import { cn } from './cn';

/** A column of a SimpleTable: its header (`hidden`: for screen readers only) and cell; `rowHeader` when it names the row. */
export interface SimpleColumn<T> {
  header: string;
  hidden?: boolean;
  rowHeader?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
}

/**
 * A small read-only table of rows already at hand, scrolling sideways when narrow; paging, sorting, filters and
 * selection are DataTable's. One look for every such table: muted headers and a line between rows.
 */
export function SimpleTable<T>({ columns, rows, rowKey }: { columns: SimpleColumn<T>[]; rows: T[]; rowKey: (row: T) => string | number }) {
  return (
    // Relative: a visually hidden header is absolutely positioned and would otherwise widen the page past the scroller.
    <div className="relative overflow-x-auto">
      <table className="w-full text-start text-sm">
        <thead className="text-text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="py-1.5 pe-3 text-start font-medium last:pe-0">{c.hidden ? <span className="sr-only">{c.header}</span> : c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border">
              {columns.map((c) => c.rowHeader
                ? <th key={c.header} scope="row" className={cn('py-1.5 pe-3 text-start font-normal last:pe-0', c.className)}>{c.cell(row)}</th>
                : <td key={c.header} className={cn('py-1.5 pe-3 last:pe-0', c.className)}>{c.cell(row)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
