import { trans } from '../../lib/i18n';
import type { SelectOption } from '../../ui/fields';

/** Timezones the browser knows, with "auto" (the visitor's own) first. */
export function timezoneOptions(): SelectOption[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Browsers list UTC under its canonical name only, if at all; servers and many people want it by name.
  const zones = ['UTC', ...known.filter((z) => z !== 'UTC')];
  return [{ value: 'auto', label: trans('Auto (visitor\'s timezone)') }, ...zones.map((z) => ({ value: z, label: z }))];
}

export function dateFormatOptions(): SelectOption[] {
  const sample = new Date(Date.UTC(2024, 0, 31, 12));
  const fmt = (style: 'short' | 'medium' | 'long' | 'full') => new Intl.DateTimeFormat(undefined, { dateStyle: style }).format(sample);
  return [
    { value: 'auto', label: trans('Auto') },
    { value: 'short', label: fmt('short') },
    { value: 'medium', label: fmt('medium') },
    { value: 'long', label: fmt('long') },
    { value: 'full', label: fmt('full') },
  ];
}

export const opts = (values: readonly string[], label: (v: string) => string = (v) => v): SelectOption[] => values.map((v) => ({ value: v, label: label(v) }));
