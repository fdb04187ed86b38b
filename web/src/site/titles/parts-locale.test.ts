import { describe, expect, it, vi } from 'vitest';

// The site is in German; the browser (the test's process) reads English.
vi.mock('../../lib/locale', () => ({ currentLanguage: () => 'de' }));
// Test files share a fork's modules (isolate: false): a format.ts another file loaded would still read the real locale.
vi.resetModules();
const { formatMoney } = await import('../../lib/format');
const { languageName } = await import('./parts');

describe("a title's budget, revenue and language follow the site's language, not the browser's", () => {
  it('formats a budget in whole dollars the German way, with the one money formatter', () => {
    expect(formatMoney(150_000_000, 'USD', { whole: true })).toBe('150.000.000\u00a0$');
    expect(formatMoney(7.99, 'USD')).toBe('7,99\u00a0$');
  });

  it('names the original language in German', () => {
    expect(languageName('fr')).toBe('Französisch');
  });
});
