import { formatBytes } from '@app/contracts/format';
import { setDateMessageZone } from '@app/contracts/date-range';
import { currentLanguage } from './locale';

export type DateVerbosity = 'auto' | 'short' | 'medium' | 'long' | 'full';

function makeFormatter(format: DateVerbosity, timezone: string, withTime = false): Intl.DateTimeFormat {
  const timeZone = timezone === 'auto' ? undefined : timezone;
  const date: Intl.DateTimeFormatOptions = format === 'auto' ? { year: 'numeric', month: 'short', day: 'numeric' } : { dateStyle: format };
  const style: Intl.DateTimeFormatOptions = !withTime ? date : format === 'auto' ? { ...date, hour: '2-digit', minute: '2-digit', second: '2-digit' } : { ...date, timeStyle: 'medium' };
  // In the site's active language ("30 nov. 2026" in French), as numbers are; the browser's own when it has none.
  const language = currentLanguage() || undefined;
  try {
    return new Intl.DateTimeFormat(language, { ...style, timeZone });
  } catch {
    // A timezone (or language tag) this browser does not know: the visitor's own.
    return new Intl.DateTimeFormat(undefined, style);
  }
}

/** The calendar date (YYYY-MM-DD) of an instant in a timezone ('auto': the visitor's own). */
function dayFormatter(timezone: string): (d: Date) => string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone === 'auto' ? undefined : timezone });
  } catch {
    fmt = new Intl.DateTimeFormat('en-US', options);
  }
  return (d) => {
    const p = new Map(fmt.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.get('year')}-${p.get('month')}-${p.get('day')}`;
  };
}

let settings: { format: DateVerbosity; timezone: string; language: string } = { format: 'auto', timezone: 'auto', language: '' };
let dateFmt = makeFormatter('auto', 'auto');
// A day without a time (a release date) is the same day everywhere: read and written at UTC midnight, never shifted.
let dayFmt = makeFormatter('auto', 'UTC');
let dateTimeFmt = makeFormatter('auto', 'auto', true);
let dayOf = dayFormatter('auto');

/** Applies the site's date settings (client.dates.format and client.dates.default_timezone) to every date shown. */
export function configureDates(format: DateVerbosity, timezone: string): void {
  settings = { format, timezone, language: currentLanguage() };
  dateFmt = makeFormatter(format, timezone);
  dayFmt = makeFormatter(format, 'UTC');
  dateTimeFmt = makeFormatter(format, timezone, true);
  dayOf = dayFormatter(timezone);
  // The forms' own checks ('Enter a date after :date') name days in the zone the tables show them in.
  setDateMessageZone(displayTimezone());
}

/** The formatters follow a change of language made since they were built (a visitor switching to Arabic). */
function current(): void {
  if (settings.language !== currentLanguage()) configureDates(settings.format, settings.timezone);
}

/** The timezone dates are shown in: the site's setting, else (when it is 'auto' or unknown here) the visitor's own. */
export function displayTimezone(): string {
  return dateFmt.resolvedOptions().timeZone || 'UTC';
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date in the site's settings; a plain day (YYYY-MM-DD) as that day, whatever the timezone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  current();
  return (DAY_ONLY.test(value) ? dayFmt : dateFmt).format(d);
}

/** Today's date (YYYY-MM-DD) in the site's timezone, or the visitor's own while that is 'auto'. */
export const today = (now = new Date()): string => dayOf(now);

/** The day (YYYY-MM-DD) an instant falls on in the site's timezone, or the visitor's own while that is 'auto'. */
export const dayOfInstant = (value: string): string => dayOf(new Date(value));

/** The calendar day `n` days before a day (YYYY-MM-DD): by the calendar, so a 23- or 25-hour day changes nothing. */
export function dayBefore(day: string, n = 1): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

/** How far (ms) a timezone's wall clock is ahead of UTC at an instant. */
function offsetAt(t: number, timezone: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const p = new Map(fmt.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.get('year')!, p.get('month')! - 1, p.get('day')!, p.get('hour')!, p.get('minute')!, p.get('second')!);
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in a timezone (the site's, else the visitor's: the one every
 * date is shown in), so a filter on "Dec 2" finds the rows the table shows as Dec 2. Where the clocks skip
 * midnight (a daylight-saving change at 00:00), the day begins at its first existing minute.
 */
export function startOfDay(day: string, timezone = displayTimezone()): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let zone = timezone;
  try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); } catch { zone = 'UTC'; }
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  // Midnight skipped: the guess reads as the evening before, whose offset gives the instant the clocks jump.
  if (dayFormatter(zone)(new Date(t)) < day) t = wall - offsetAt(t, zone);
  return new Date(t);
}

/** The last millisecond of a calendar day in a timezone (a 23- or 25-hour day included): a range's inclusive end. */
export const endOfDay = (day: string, timezone = displayTimezone()): Date => new Date(startOfDay(dayBefore(day, -1), timezone).getTime() - 1);

/**
 * A datetime-local value (YYYY-MM-DDTHH:mm) for an instant, on the wall clock of the zone dates are shown in (the
 * site's, else the visitor's): "Suspend until" or "Renews at" show the day and hour the admin's tables show.
 */
export function toZonedInput(iso: string | null | undefined, timezone = displayTimezone()): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  let zone = timezone;
  try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); } catch { zone = 'UTC'; }
  return new Date(t + offsetAt(t, zone)).toISOString().slice(0, 16);
}

/**
 * The instant a datetime-local value (YYYY-MM-DDTHH:mm) names on the wall clock of the zone dates are shown in, as
 * an ISO string; null when empty or unreadable. A time the clocks skip reads as the instant they jump.
 */
export function fromZonedInput(value: string | null | undefined, timezone = displayTimezone()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value ?? '');
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let zone = timezone;
  try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); } catch { zone = 'UTC'; }
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Whether a release date (YYYY-MM-DD or ISO) is after today: an episode announced but not aired yet. */
export function isUpcoming(value: string | null | undefined, day = today()): boolean {
  return !!value && value.slice(0, 10) > day;
}

/** A date with its time to the second (logs), in the site's date settings. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  current();
  return dateTimeFmt.format(d);
}

/** A file size with its unit, the number in the reader's language ("1.5 MB", "1,5 MB"). */
/**
 * An amount of money in the site's language, as every other number and date ("$7.99", "7,99 $"), not the
 * browser's: a German browser reading the English site would otherwise see "5,000 KWD" for five dinars.
 */
export function formatMoney(amount: number, currency: string, opts: { whole?: boolean } = {}): string {
  try {
    // Whole units for large round sums (a title's budget): "$150,000,000", not "$150,000,000.00".
    const parts = new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency, ...(opts.whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) }).formatToParts(amount);
    // A symbol after Latin letters ("JP¥", "US$" in Arabic) would be pulled away from them in right-to-left text
    // ("¥JP 980"): a left-to-right mark after it keeps the currency in one piece.
    return parts.map((p) => (p.type === 'currency' && /[A-Za-z][^A-Za-z\s]$/.test(p.value) ? `${p.value}\u200E` : p.value)).join('');
  } catch {
    return `${amount} ${currency}`;
  }
}

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

/**
 * Up to `max` initials of a name, the first letter or digit of each word: quotes and brackets around a word
 * ("“Q”", "(Jr.)") are skipped, and a letter outside the basic plane (𠀋) stays whole, not half a character.
 */
export function initialsOf(name: string, max = 2): string {
  const letters = name.split(/\s+/).map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0]).filter((c): c is string => Boolean(c));
  return letters.slice(0, max).join('').toUpperCase();
}
