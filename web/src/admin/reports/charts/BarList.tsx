import type { ReactNode } from 'react';
import { CHART_PALETTE, type ReportPoint } from '@app/contracts/reports';
import { trans } from '../../../lib/i18n';
import { formatNumber, formatPercent } from '../format';

/**
 * A ranked list drawn as a table with a bar behind each row: it is the chart and its own accessible table (the
 * bars are decoration; the cells carry the numbers). Rows with a link are reachable by keyboard.
 */
export function BarList({ data, caption, nameHeader, link, empty }: {
  data: ReportPoint[];
  caption: string;
  nameHeader: string;
  link?: (p: ReportPoint) => ReactNode;
  empty?: string;
}) {
  if (!data.length) return <p className="py-6 text-center text-sm text-text-muted">{empty ?? trans('No data for this period')}</p>;
  const max = Math.max(...data.map((p) => p.value), 1);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only"><tr><th scope="col">{nameHeader}</th><th scope="col">{trans('Count')}</th><th scope="col">{trans('Share')}</th></tr></thead>
      <tbody>
        {data.map((p, i) => (
          <tr key={`${p.code ?? ''}${p.label}${i}`} className="relative">
            <th scope="row" className="relative py-1.5 ps-2 pe-3 text-start font-normal">
              <span aria-hidden className="absolute inset-y-0.5 start-0 rounded opacity-20" style={{ width: `${(p.value / max) * 100}%`, background: CHART_PALETTE[i % CHART_PALETTE.length] }} />
              <span className="relative">{link ? link(p) : p.label}</span>
            </th>
            <td className="w-20 py-1.5 text-end tabular-nums">{formatNumber(p.value)}</td>
            <td className="w-16 py-1.5 ps-2 text-end tabular-nums text-text-muted">{p.percentage !== undefined ? formatPercent(p.percentage) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
