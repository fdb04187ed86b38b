import { afterEach, describe, expect, it } from 'vitest';
import { configureDates, formatDate } from './format';

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
