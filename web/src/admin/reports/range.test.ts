import { afterEach, describe, expect, it } from 'vitest';
import { configureDates } from '../../lib/format';
import { presetRange, rangeErrors } from './range';

describe('a custom report range is checked as the server checks it', () => {
  it('accepts a range within the limit', () => {
    expect(rangeErrors({ startDate: '2026-01-01', endDate: '2026-03-31', timezone: 'UTC' })).toEqual({});
    expect(rangeErrors(presetRange('last365', 'Pacific/Kiritimati'))).toEqual({});
  });

  it('refuses an end before the start on both days, naming the other day as the date picker shows it', () => {
    const errors = rangeErrors({ startDate: '2026-03-10', endDate: '2026-03-01', timezone: 'UTC' });
    expect(errors.startDate).toMatch(/^Enter a date before .*Mar.* 1, 2026$/);
    expect(errors.endDate).toMatch(/^Enter a date after .*Mar.* 10, 2026$/);
  });

  it('refuses a range over five years, and a day that does not exist', () => {
    expect(rangeErrors({ startDate: '2020-01-01', endDate: '2025-01-02', timezone: 'UTC' })).toEqual({ endDate: 'The range can be at most 5 years.' });
    expect(rangeErrors({ startDate: '2026-02-30', endDate: '', timezone: 'UTC' })).toEqual({ startDate: 'Enter a valid date.', endDate: 'Enter a valid date.' });
  });
});

describe("a report's days are the site's days", () => {
  afterEach(() => configureDates('auto', 'auto'));

  it("uses the site's timezone when it sets one", () => {
    configureDates('auto', 'Pacific/Kiritimati');
    expect(presetRange('today').timezone).toBe('Pacific/Kiritimati');
    expect(presetRange('today').startDate).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()));
  });
});
