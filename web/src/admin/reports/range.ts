import { DEFAULT_REPORT_PRESET, REPORT_PRESETS, reportQuerySchema, type ReportPreset } from '@app/contracts/reports';
import { dayBefore, displayTimezone } from '../../lib/format';
import { isCalendarDate } from '@app/contracts/calendar-date';
import { trans, transMessage } from '../../lib/i18n';
import { formatDay } from '../../ui/DatePicker';

/**
 * The timezone every other date in the admin is shown in (the site's, else the browser's): a report's "today" and
 * its days are the days the users table or an audit entry shows.
 */
export const reportTimezone = displayTimezone;

/** Today's date (YYYY-MM-DD) in `tz`. */
function today(tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export interface ReportRange { startDate: string; endDate: string; timezone: string }

/** A preset's inclusive dates in the user's timezone. */
export function presetRange(preset: ReportPreset, tz = reportTimezone()): ReportRange {
  const t = today(tz);
  const back = new Map<ReportPreset, [number, number]>([
    ['today', [0, 0]], ['yesterday', [1, 1]], ['last7', [6, 0]], ['last30', [29, 0]], ['last90', [89, 0]], ['last365', [364, 0]],
  ]).get(preset) ?? [6, 0];
  return { startDate: dayBefore(t, back[0]), endDate: dayBefore(t, back[1]), timezone: tz };
}

export function presetLabel(preset: ReportPreset): string {
  const labels = new Map<ReportPreset, () => string>([
    ['today', () => trans('Today')], ['yesterday', () => trans('Yesterday')], ['last7', () => trans('Last 7 days')],
    ['last30', () => trans('Last 30 days')], ['last90', () => trans('Last 90 days')], ['last365', () => trans('Last 365 days')],
  ]);
  return labels.get(preset)?.() ?? preset;
}

/** The picker's last choice: two days of the reader's choosing. */
export const CUSTOM_RANGE = 'custom';
export type RangeChoice = ReportPreset | typeof CUSTOM_RANGE;
export interface RangeErrors { startDate?: string; endDate?: string }

/**
 * A custom range's problems by field, in the reader's language; empty when it is valid. The shared schema decides
 * (so the page never asks for what the server would refuse); an end before the start names the other day as the
 * date picker shows it, as the list filters' range does.
 */
export function rangeErrors(range: ReportRange): RangeErrors {
  const result = reportQuerySchema.safeParse(range);
  const errors: RangeErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'startDate' || field === 'endDate') && !errors[field]) errors[field] = transMessage(issue.message);
  }
  if (errors.startDate && errors.endDate && range.endDate < range.startDate && isCalendarDate(range.startDate) && isCalendarDate(range.endDate)) {
    return { startDate: trans('Enter a date before :date', { date: formatDay(range.endDate) }), endDate: trans('Enter a date after :date', { date: formatDay(range.startDate) }) };
  }
  return errors;
}

export const isPreset = (v: string | null): v is ReportPreset => !!v && (REPORT_PRESETS as readonly string[]).includes(v);
export { DEFAULT_REPORT_PRESET, REPORT_PRESETS };
