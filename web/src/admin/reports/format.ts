import type { Granularity } from '@app/contracts/reports';
import { currentLanguage } from '../../lib/locale';

/** Numbers, percentages, sizes and bucket dates in the reader's language (Intl), never hand-formatted. */
export { formatNumber } from '../../lib/format';

export function formatPercent(n: number, signed = false): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(n / 100);
}

/** A bucket's start as its granularity reads it (an hour, a day, a month...), in the report's timezone. */
export function formatBucket(iso: string, g: Granularity, timeZone: string): string {
  const opts: Intl.DateTimeFormatOptions = g === 'hour' || g === 'minute' ? { hour: 'numeric', minute: '2-digit' }
    : g === 'month' ? { month: 'short', year: 'numeric' } : g === 'year' ? { year: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(currentLanguage(), { ...opts, timeZone }).format(new Date(iso));
}
