import { afterEach, describe, expect, it } from 'vitest';
import { configureDates, dayBefore, dayOfInstant, displayTimezone, endOfDay, formatDate, fromZonedInput, initialsOf, isUpcoming, startOfDay, toZonedInput, today } from './format';

describe('formatDate follows the date settings', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it('shows the day in the site timezone', () => {
    configureDates('auto', 'UTC');
    expect(formatDate('2024-01-31T23:30:00Z')).toMatch(/31/);
    configureDates('auto', 'Asia/Tokyo');
    expect(formatDate('2024-01-31T23:30:00Z')).toMatch(/\b1\b/);
  });

  it('uses the chosen verbosity', () => {
    configureDates('full', 'UTC');
    expect(formatDate('2024-01-31T12:00:00Z')).toMatch(/Wednesday/);
    configureDates('short', 'UTC');
    expect(formatDate('2024-01-31T12:00:00Z')).not.toMatch(/Wednesday|Jan/);
  });

  it('shows a plain day (a release date) as that day in every timezone', () => {
    for (const zone of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati', 'auto']) {
      configureDates('auto', zone);
      expect(formatDate('1997-04-30'), zone).toMatch(/Apr 30, 1997/);
    }
    configureDates('full', 'America/New_York');
    expect(formatDate('1997-04-30')).toMatch(/Wednesday/);
  });

  it('knows today in the site timezone', () => {
    const at = new Date('2026-09-15T03:00:00Z');
    configureDates('auto', 'America/New_York');
    expect(today(at)).toBe('2026-09-14');
    expect(isUpcoming('2026-09-15', today(at))).toBe(true);
    configureDates('auto', 'Asia/Tokyo');
    expect(today(at)).toBe('2026-09-15');
    expect(isUpcoming('2026-09-15', today(at))).toBe(false);
    configureDates('auto', 'Mars/Olympus');
    expect(today(at)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('ignores a timezone the runtime does not know', () => {
    configureDates('auto', 'Mars/Olympus');
    expect(formatDate('2024-01-31T12:00:00Z')).not.toBe('');
  });
});

describe('isUpcoming', () => {
  it('is true only for a release date after today', () => {
    expect(isUpcoming('2026-11-29', '2026-11-28')).toBe(true);
    expect(isUpcoming('2026-11-28', '2026-11-28')).toBe(false);
    expect(isUpcoming('2026-11-28T10:00:00Z', '2026-11-28')).toBe(false);
    expect(isUpcoming('2025-01-01', '2026-11-28')).toBe(false);
    expect(isUpcoming(null)).toBe(false);
  });
});

describe('days of the watch history', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it('puts an instant on its day in the site timezone', () => {
    configureDates('auto', 'America/New_York');
    expect(dayOfInstant('2026-11-30T03:00:00Z')).toBe('2026-11-29');
    configureDates('auto', 'Asia/Tokyo');
    expect(dayOfInstant('2026-11-29T16:00:00Z')).toBe('2026-11-30');
  });

  it('steps back by the calendar, across months, years, leap days and daylight-saving changes', () => {
    expect(dayBefore('2026-12-01')).toBe('2026-11-30');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2026-11-02')).toBe('2026-11-01');
    expect(dayBefore('2026-03-09')).toBe('2026-03-08');
  });
});

describe('dayBefore with a count', () => {
  it('steps back several days across a month and a year', () => {
    expect(dayBefore('2026-12-01', 0)).toBe('2026-12-01');
    expect(dayBefore('2026-12-01', 29)).toBe('2026-11-02');
    expect(dayBefore('2026-01-05', 364)).toBe('2025-01-06');
  });
});

describe('displayTimezone', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it("is the site's timezone when it sets one, else the visitor's own", () => {
    configureDates('auto', 'Pacific/Kiritimati');
    expect(displayTimezone()).toBe('Pacific/Kiritimati');
    configureDates('auto', 'Not/AZone');
    expect(displayTimezone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    configureDates('auto', 'auto');
    expect(displayTimezone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each word, skipping quotes and keeping characters whole', () => {
    expect(initialsOf('Zoë “Q” 王')).toBe('ZQ');
    expect(initialsOf('ava garcia')).toBe('AG');
    expect(initialsOf('王菲')).toBe('王');
    expect(initialsOf('𠀋 Tanaka')).toBe('𠀋T');
    expect(initialsOf('"Weird Al" Yankovic', 3)).toBe('WAY');
    expect(initialsOf('  “…”  ', 1)).toBe('');
  });
});

describe('startOfDay and endOfDay (a date filter\'s bounds)', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it('bound a day in the given timezone, half-hour zones and the far east included', () => {
    expect(startOfDay('2026-12-02', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(endOfDay('2026-12-02', 'Asia/Tokyo').toISOString()).toBe('2026-12-02T14:59:59.999Z');
    expect(startOfDay('2026-12-02', 'America/Los_Angeles').toISOString()).toBe('2026-12-02T08:00:00.000Z');
    expect(startOfDay('2026-12-02', 'Asia/Kolkata').toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(startOfDay('2026-12-02', 'Pacific/Auckland').toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(startOfDay('2026-12-02', 'UTC').toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('follow the site timezone by default, which the table shows its dates in', () => {
    configureDates('auto', 'America/Los_Angeles');
    const created = '2026-12-02T15:47:11.345Z'; // Dec 2 in Los Angeles, Dec 3 in Tokyo
    const [from, to] = [startOfDay('2026-12-02').getTime(), endOfDay('2026-12-02').getTime()];
    expect(dayOfInstant(created)).toBe('2026-12-02');
    expect(Date.parse(created) >= from && Date.parse(created) <= to).toBe(true);
  });

  it('span 23- and 25-hour days across daylight-saving changes, and a midnight the clocks skip', () => {
    const hours = (day: string, zone: string) => (endOfDay(day, zone).getTime() + 1 - startOfDay(day, zone).getTime()) / 3_600_000;
    expect(hours('2026-03-08', 'America/Los_Angeles')).toBe(23);
    expect(hours('2026-11-01', 'America/Los_Angeles')).toBe(25);
    expect(hours('2026-09-27', 'Pacific/Auckland')).toBe(23);
    expect(hours('2026-04-05', 'Pacific/Auckland')).toBe(25);
    // Santiago moves its clocks at midnight: Sep 6, 2026 begins at 01:00 (-03:00).
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(endOfDay('2026-09-05', 'America/Santiago').toISOString()).toBe('2026-09-06T03:59:59.999Z');
  });
});

describe('datetime-local values on the wall clock of the zone dates are shown in', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it('reads a picked day and hour in the site timezone, not the browser\'s', () => {
    configureDates('auto', 'Asia/Tokyo');
    expect(fromZonedInput('2026-12-02T00:30')).toBe('2026-12-01T15:30:00.000Z');
    expect(dayOfInstant(fromZonedInput('2026-12-02T00:30')!)).toBe('2026-12-02');
    configureDates('auto', 'America/Los_Angeles');
    expect(fromZonedInput('2026-12-02T23:30')).toBe('2026-12-03T07:30:00.000Z');
    expect(dayOfInstant(fromZonedInput('2026-12-02T23:30')!)).toBe('2026-12-02');
    expect(fromZonedInput('')).toBeNull();
    expect(fromZonedInput('soon')).toBeNull();
  });

  it('shows a stored instant back as the same wall clock, across a daylight-saving change', () => {
    for (const [zone, value] of [['Asia/Tokyo', '2026-12-02T00:30'], ['America/Los_Angeles', '2026-03-08T23:59'], ['Pacific/Kiritimati', '2026-01-01T00:00'], ['Europe/London', '2026-10-25T01:30']] as const) {
      configureDates('auto', zone);
      expect(toZonedInput(fromZonedInput(value)), zone).toBe(value);
    }
    configureDates('auto', 'Asia/Tokyo');
    expect(toZonedInput('2026-12-01T15:30:00.000Z')).toBe('2026-12-02T00:30');
    expect(toZonedInput(null)).toBe('');
  });
});
