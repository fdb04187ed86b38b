import type { ReportPoint } from '@app/contracts/reports';
import { trans } from '../../lib/i18n';

/** Device types as ua-parser-js names them, in the reader's language. */
const DEVICES = new Map<string, () => string>([
  ['desktop', () => trans('Desktop')], ['mobile', () => trans('Mobile')], ['tablet', () => trans('Tablet')], ['smarttv', () => trans('Smart TV')],
  ['console', () => trans('Console')], ['wearable', () => trans('Wearable')], ['embedded', () => trans('Embedded')], ['unknown', () => trans('Unknown')],
]);

export const deviceLabels = (data: ReportPoint[]): ReportPoint[] => data.map((p) => ({ ...p, label: DEVICES.get(p.label ?? '')?.() ?? p.label }));

/** Country names in the reader's language from their ISO codes. */
export function countryLabels(data: ReportPoint[]): ReportPoint[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return data.map((p) => ({ ...p, label: (p.code && names?.of(p.code)) || p.label }));
}
