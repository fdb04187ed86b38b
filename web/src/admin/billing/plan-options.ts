import type { PriceInterval } from '@app/contracts/billing';
import { BILLING_PERIODS } from '@app/contracts/billing-constants';
import { trans } from '../../lib/i18n';

/** Position choices First to Fifth, stored 0-4. */
export const positionOptions = () => [trans('First'), trans('Second'), trans('Third'), trans('Fourth'), trans('Fifth')]
  .map((label, value) => ({ value: String(value), label }));
export const positionLabel = (position: number) => positionOptions()[position]?.label ?? String(position);

const PERIOD_LABELS = new Map<string, () => string>([
  ['daily', () => trans('Daily')], ['weekly', () => trans('Weekly')], ['monthly', () => trans('Monthly')],
  ['every 3 months', () => trans('Every 3 months')], ['every 6 months', () => trans('Every 6 months')], ['yearly', () => trans('Yearly')],
  ['custom', () => trans('Custom')],
]);
export const periodOptions = () => [...BILLING_PERIODS.map((p) => p.name), 'custom'].map((name) => ({ value: name, label: PERIOD_LABELS.get(name)!() }));

/** The billing period a price's interval and count stand for; anything else is custom. */
export const periodOf = (interval: string, count: number) =>
  BILLING_PERIODS.find((p) => p.interval === interval && p.interval_count === count)?.name ?? 'custom';
export const periodValues = (name: string) => BILLING_PERIODS.find((p) => p.name === name);

const INTERVAL_LABELS = new Map<string, () => string>([
  ['day', () => trans('Days')], ['week', () => trans('Weeks')], ['month', () => trans('Months')], ['year', () => trans('Years')],
]);
export const intervalOptions = () => ['day', 'week', 'month', 'year'].map((value) => ({ value, label: INTERVAL_LABELS.get(value)!() }));

/** "per month", "every 3 months" under a price. */
export function intervalLabel(interval: PriceInterval, count: number): string {
  const unit = new Map([['day', trans('day')], ['week', trans('week')], ['month', trans('month')], ['year', trans('year')]]).get(interval) ?? interval;
  const units = new Map([['day', trans('days')], ['week', trans('weeks')], ['month', trans('months')], ['year', trans('years')]]).get(interval) ?? interval;
  return count === 1 ? trans('per :unit', { unit }) : trans('every :count :units', { count, units });
}
