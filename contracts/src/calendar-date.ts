import { z } from './zod.ts';

/** Years a catalogue date may fall in: early enough for any person's birth, late enough for any announced release. */
export const DATE_YEARS = { min: 1000, max: 2999 } as const;

/** A real day of the calendar as `YYYY-MM-DD` within DATE_YEARS: no 2024-02-31, no 0000-99-99. */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** An optional calendar date field: empty is null, anything but a real day is 'Enter a valid date.'. */
export const optionalDate = () => z.string().refine(isCalendarDate, 'Enter a valid date.').nullish()
  .or(z.literal('').transform(() => null)).transform((v) => v || null);
