import { formatBytes } from '@app/contracts/format';
import { currentLanguage } from './locale';

export type DateVerbosity = 'auto' | 'short' | 'medium' | 'long' | 'full';

function makeFormatter(format: DateVerbosity, timezone: string, withTime = false): Intl.DateTimeFormat {
  const timeZone = timezone === 'auto' ? undefined : timezone;
  const date: Intl.DateTimeFormatOptions = format === 'auto' ? { year: 'numeric', month: 'short', day: 'numeric' } : { dateStyle: format };
  const style: Intl.DateTimeFormatOptions = !withTime ? date : format === 'auto' ? { ...date, hour: '2-digit', minute: '2-digit', second: '2-digit' } : { ...date, timeStyle: 'medium' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...style, timeZone });
  } catch {
    // A timezone this browser does not know: the visitor's own.
    return new Intl.DateTimeFormat(undefined, style);
  }
}

let dateFmt = makeFormatter('auto', 'auto');
let dateTimeFmt = makeFormatter('auto', 'auto', true);

/** Applies the site's date settings (client.dates.format and client.dates.default_timezone) to every date shown. */
export function configureDates(format: DateVerbosity, timezone: string): void {
  dateFmt = makeFormatter(format, timezone);
  dateTimeFmt = makeFormatter(format, timezone, true);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

/** Whether a release date (YYYY-MM-DD or ISO) is after today: an episode announced but not aired yet. */
export function isUpcoming(value: string | null | undefined, today = new Date().toISOString().slice(0, 10)): boolean {
  return !!value && value.slice(0, 10) > today;
}

/** A date with its time to the second (logs), in the site's date settings. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFmt.format(d);
}

/** A file size with its unit, the number in the reader's language ("1.5 MB", "1,5 MB"). */
/** A count in the reader's language (1,234 or 1.234). */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(n);
}

export function formatFileSize(bytes: number): string {
  return formatBytes(bytes, currentLanguage());
}

export const SIZE_UNIT_LIST = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type SizeUnit = (typeof SIZE_UNIT_LIST)[number];

export function toBytes(amount: number, unit: SizeUnit): number {
  return Math.round(amount * 1024 ** SIZE_UNIT_LIST.indexOf(unit));
}

/** Split a byte count into the largest unit that keeps an integer amount. */
export function fromBytes(bytes: number | null | undefined): { amount: string; unit: SizeUnit } {
  if (!bytes) return { amount: '', unit: 'MB' };
  for (let i = SIZE_UNIT_LIST.length - 1; i >= 0; i--) {
    const size = 1024 ** i;
    if (bytes % size === 0) return { amount: String(bytes / size), unit: SIZE_UNIT_LIST[i] };
  }
  return { amount: String(bytes), unit: 'B' };
}
