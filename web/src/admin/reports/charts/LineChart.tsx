import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHART_PALETTE, type TimeSeriesReport } from '@app/contracts/reports';
import { trans } from '../../../lib/i18n';
import { formatBucket, formatNumber } from '../format';
import { axisLabels, niceTicks } from './ticks';

/** The drawing's width on a wide card; a narrower card (a phone) draws at its own width so the 11px labels stay 11px. */
const WIDE = 640;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };
/** Room one date label takes on the axis ("Nov 25", "12:00 PM") with space around it. */
const LABEL_ROOM = 72;

/** The element's width in CSS pixels, followed as it resizes (null before the first measure). */
function useWidth<E extends Element>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || null);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => resized.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * This period against the previous one as lines (hand-written SVG: two paths do not need a chart library).
 * Keyboard: the chart is one tab stop; arrow keys, Home and End move between points and a live region reads
 * the point. Screen readers also get the whole series as a table.
 */
export function LineChart({ report, timezone, label }: { report: TimeSeriesReport; timezone: string; label: string }) {
  const [active, setActive] = useState<number | null>(null);
  const id = useId();
  // Scaled down into a phone's card, a 640-wide drawing shrank its labels to about 5px: there it is drawn at the card's width.
  const [figureRef, measured] = useWidth<HTMLElement>();
  const W = measured && measured < WIDE ? measured : WIDE;
  const [current, previous] = report.datasets;
  const points = current?.data ?? [];
  // Round ticks (0, 2, 4, 6, 8 rather than 0, 4, 7); the top tick is the top of the axis.
  const ticks = niceTicks(Math.max(...report.datasets.flatMap((d) => d.data.map((p) => p.value))));
  const max = ticks[ticks.length - 1];
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const path = (data: { value: number }[]) => data.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join('');
  const when = (i: number) => formatBucket(points[i].date!, report.granularity, timezone);
  const describe = (i: number) => trans(':date: :value (previous period :previous)', { date: when(i), value: formatNumber(points[i].value), previous: formatNumber(previous?.data[i]?.value ?? 0) });

  const onKey = (e: KeyboardEvent) => {
    if (!points.length) return;
    const next = new Map<string, number>([
      ['ArrowRight', Math.min(points.length - 1, (active ?? -1) + 1)], ['ArrowLeft', Math.max(0, (active ?? 1) - 1)], ['Home', 0], ['End', points.length - 1],
    ]).get(e.key);
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  const dateLabels = axisLabels(points.map((_, i) => x(i)), W - PAD.left - PAD.right, LABEL_ROOM);

  return (
    <figure ref={figureRef} className="m-0">
      <svg
        viewBox={`0 0 ${W} ${H}`} className="h-auto w-full rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-primary" role="img" tabIndex={0}
        aria-label={trans(':label, :count points. Use the arrow keys to read each point.', { label, count: points.length })} aria-describedby={`${id}-live`}
        onKeyDown={onKey} onBlur={() => setActive(null)} data-testid="line-chart"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.15} strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="currentColor" className="text-text-muted">{formatNumber(t)}</text>
          </g>
        ))}
        {dateLabels.map(({ index, anchor }) => <text key={points[index].date} x={x(index)} y={H - 8} textAnchor={anchor} fontSize={11} fill="currentColor" className="text-text-muted">{when(index)}</text>)}
        {previous && <path d={path(previous.data.slice(0, points.length))} fill="none" stroke={CHART_PALETTE[5]} strokeWidth={1.5} strokeDasharray="4 3" />}
        <path d={path(points)} fill="none" stroke={CHART_PALETTE[0]} strokeWidth={2} />
        {active !== null && points[active] && (
          <g>
            <line x1={x(active)} x2={x(active)} y1={PAD.top} y2={H - PAD.bottom} stroke="currentColor" className="text-text-muted" />
            <circle cx={x(active)} cy={y(points[active].value)} r={4} fill={CHART_PALETTE[0]} />
          </g>
        )}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-text-muted">
        <span><span aria-hidden className="me-1 inline-block h-0.5 w-4 align-middle" style={{ background: CHART_PALETTE[0] }} />{label}</span>
        <span><span aria-hidden className="me-1 inline-block h-0.5 w-4 align-middle" style={{ background: CHART_PALETTE[5] }} />{trans('Previous period')}</span>
        <span id={`${id}-live`} aria-live="polite" className="ms-auto">{active !== null && points[active] ? describe(active) : ''}</span>
      </figcaption>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead><tr><th scope="col">{trans('Date')}</th><th scope="col">{label}</th><th scope="col">{trans('Previous period')}</th></tr></thead>
        <tbody>
          {points.map((p, i) => <tr key={p.date}><th scope="row">{when(i)}</th><td>{formatNumber(p.value)}</td><td>{formatNumber(previous?.data[i]?.value ?? 0)}</td></tr>)}
        </tbody>
      </table>
    </figure>
  );
}
