import { afterEach, describe, expect, it } from 'vitest';
import { configureDates, formatDate, isUpcoming } from './format';

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
