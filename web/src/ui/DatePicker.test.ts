import { afterEach, describe, expect, it } from 'vitest';
import { configureDates } from '../lib/format';
import { formatDay } from './DatePicker';

describe('formatDay (the date picker and its calendar days)', () => {
  afterEach(() => configureDates('auto', 'auto'));

  it('shows the chosen calendar day in every timezone, the far east of UTC included', () => {
    for (const zone of ['Pacific/Auckland', 'Pacific/Kiritimati', 'Pacific/Fiji', 'Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Pacific/Pago_Pago']) {
      configureDates('auto', zone);
      expect(formatDay('1987-12-06'), zone).toBe('Dec 6, 1987');
      expect(formatDay('2026-06-30'), zone).toBe('Jun 30, 2026');
    }
  });

  it('follows the date format setting and is empty for what is not a day', () => {
    configureDates('full', 'Pacific/Auckland');
    expect(formatDay('2026-12-06')).toMatch(/^Sunday, December 6, 2026$/);
    expect(formatDay('')).toBe('');
    expect(formatDay('not a day')).toBe('');
  });
});
