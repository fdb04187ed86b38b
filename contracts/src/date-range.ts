import type { z } from 'zod';

/** A date or timestamp as the clients send it; anything `Date` cannot read is left to the field's own check. */
function time(value: unknown): number | null {
  // Only dates (`YYYY-MM-DD…`): a year or rating range shares the {start, end} shape and has rules of its own.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

let siteZone = 'UTC';

/**
 * The zone a date message names its days in when the value carries none (an ISO instant in UTC): the site's
 * (client.dates.default_timezone), which the server sets as its settings change, and the web as it shows dates.
 */
export function setDateMessageZone(zone: string): void {
  // Called on every API request: checking a zone builds a formatter, so only a change is checked.
  if (zone === siteZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    siteZone = zone;
  } catch {
    siteZone = 'UTC';
  }
}

/**
 * The day (`2026-11-25`) a date or timestamp names, as the person who picked it sees it: a plain day as it is, a
 * timestamp with an offset (`…T00:00:00+09:00`) on its own clock, an instant in UTC on the clock of `zone` (the
 * request's, else the site's). An admin east of UTC picking Dec 2 sends Dec 1 15:00 UTC: the message says Dec 2.
 */
export function dayNamed(value: string, zone?: string): string {
  const lead = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!lead || value.length === 10 || /[+-]\d{2}:?\d{2}$/.test(value)) return lead ?? value;
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return lead;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone: zone ?? siteZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone: siteZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const p = new Map(fmt.formatToParts(t).map((x) => [x.type, x.value]));
  return `${p.get('year')}-${p.get('month')}-${p.get('day')}`;
}

/**
 * One rule for every date range (list filters' created/updated dates, import start and end dates): an end before
 * the start is refused on both fields with the spec's texts, the start's maximum being the end and the end's
 * minimum the start ('Enter a date before :date', 'Enter a date after :date'), each naming the day the user picked:
 * in the zone the request carries (`zoneKey`, a report's timezone), else the site's.
 */
export function refineDateRange<T extends Record<string, unknown>>(startKey: keyof T & string, endKey: keyof T & string, zoneKey?: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx): void => {
    const start = value[startKey];
    const end = value[endKey];
    const s = time(start);
    const e = time(end);
    if (s === null || e === null || e >= s) return;
    const zone = zoneKey && typeof value[zoneKey] === 'string' ? value[zoneKey] as string : undefined;
    ctx.addIssue({ code: 'custom', path: [startKey], message: `Enter a date before ${dayNamed(end as string, zone)}` });
    ctx.addIssue({ code: 'custom', path: [endKey], message: `Enter a date after ${dayNamed(start as string, zone)}` });
  };
}
