import type { z } from 'zod';

/** A date or timestamp as the clients send it; anything `Date` cannot read is left to the field's own check. */
function time(value: unknown): number | null {
  // Only dates (`YYYY-MM-DD…`): a year or rating range shares the {start, end} shape and has rules of its own.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/** `2026-11-25` from a date or an ISO timestamp: the messages name the day, not the instant. */
const day = (value: string) => (/^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? value);

/**
 * One rule for every date range (list filters' created/updated dates, import start and end dates): an end before
 * the start is refused on both fields with the spec's texts, the start's maximum being the end and the end's
 * minimum the start ('Enter a date before :date', 'Enter a date after :date').
 */
export function refineDateRange<T extends Record<string, unknown>>(startKey: keyof T & string, endKey: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx): void => {
    const start = value[startKey];
    const end = value[endKey];
    const s = time(start);
    const e = time(end);
    if (s === null || e === null || e >= s) return;
    ctx.addIssue({ code: 'custom', path: [startKey], message: `Enter a date before ${day(end as string)}` });
    ctx.addIssue({ code: 'custom', path: [endKey], message: `Enter a date after ${day(start as string)}` });
  };
}
