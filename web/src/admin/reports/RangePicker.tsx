import { useSearchParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { DatePicker } from '../../ui/DatePicker';
import {
  CUSTOM_RANGE, DEFAULT_REPORT_PRESET, REPORT_PRESETS, isPreset, presetLabel, presetRange, rangeErrors, reportTimezone,
  type RangeChoice, type RangeErrors, type ReportRange,
} from './range';

export interface ReportRangeState {
  choice: RangeChoice;
  range: ReportRange;
  /** A custom range the server would refuse (end before start, longer than the limit): nothing is asked for then. */
  errors: RangeErrors;
  /** Changes with the dates, so a page can key what it asked for on it. */
  key: string;
  choose: (choice: RangeChoice) => void;
  setDates: (startDate: string, endDate: string) => void;
}

/**
 * The range in the URL: `?range=<preset>` (the third preset by default, spec) or `?range=custom&from=&to=`, days in
 * the reader's timezone. A custom range starts as the range that was showing.
 */
export function useReportRange(): ReportRangeState {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const timezone = reportTimezone();
  const custom = raw === CUSTOM_RANGE;
  const choice: RangeChoice = custom ? CUSTOM_RANGE : isPreset(raw) ? raw : DEFAULT_REPORT_PRESET;
  const fallback = presetRange(DEFAULT_REPORT_PRESET, timezone);
  const range = custom
    ? { startDate: params.get('from') ?? fallback.startDate, endDate: params.get('to') ?? fallback.endDate, timezone }
    : presetRange(choice === CUSTOM_RANGE ? DEFAULT_REPORT_PRESET : choice, timezone);
  const update = (entries: [string, string | null][]) => setParams((p) => {
    for (const [k, v] of entries) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return p;
  }, { replace: true });
  return {
    choice,
    range,
    errors: custom ? rangeErrors(range) : {},
    key: `${choice}:${range.startDate}:${range.endDate}`,
    choose: (next) => update(next === CUSTOM_RANGE
      ? [['range', next], ['from', range.startDate], ['to', range.endDate]]
      : [['range', next], ['from', null], ['to', null]]),
    setDates: (from, to) => update([['from', from], ['to', to]]),
  };
}

/** The date-range picker: the presets, and a custom range with its two days. */
export function RangePicker({ state }: { state: ReportRangeState }) {
  const { choice, range, errors } = state;
  return (
    <div className="flex flex-wrap items-start justify-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        <span className={choice === CUSTOM_RANGE ? 'font-medium' : 'sr-only'}>{trans('Date range')}</span>
        <select
          className="h-9 rounded-md border border-border bg-bg-elevated px-2" value={choice} data-testid="range-picker"
          onChange={(e) => state.choose(e.target.value === CUSTOM_RANGE || isPreset(e.target.value) ? e.target.value : DEFAULT_REPORT_PRESET)}
        >
          {REPORT_PRESETS.map((p) => <option key={p} value={p}>{presetLabel(p)}</option>)}
          <option value={CUSTOM_RANGE}>{trans('Custom range')}</option>
        </select>
      </label>
      {choice === CUSTOM_RANGE && (
        <>
          <DatePicker
            label={trans('From')} value={range.startDate} max={range.endDate} wrapperClassName="w-44"
            onChange={(e) => state.setDates(e.target.value, range.endDate)} error={errors.startDate}
          />
          <DatePicker
            label={trans('To')} value={range.endDate} min={range.startDate} wrapperClassName="w-44"
            onChange={(e) => state.setDates(range.startDate, e.target.value)} error={errors.endDate}
          />
        </>
      )}
    </div>
  );
}
