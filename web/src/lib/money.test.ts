import { afterEach, describe, expect, it, vi } from 'vitest';

const language = vi.hoisted(() => ({ current: 'en' }));
vi.mock('./locale', () => ({ currentLanguage: () => language.current }));
// Test files share a fork's modules (isolate: false): a format.ts another file loaded would still read the real locale.
vi.resetModules();
const { formatMoney } = await import('./format');

describe('formatMoney', () => {
  afterEach(() => { language.current = 'en'; });

  it("writes amounts in the site's language, not the browser's", () => {
    language.current = 'de';
    expect(formatMoney(7.99, 'USD').replace(/\s/g, ' ')).toBe('7,99 $');
    language.current = 'en';
    expect(formatMoney(7.99, 'USD')).toBe('$7.99');
    expect(formatMoney(5, 'KWD').replace(/\s/g, ' ')).toBe('KWD 5.000');
  });

  it("uses each currency's own decimals: none for yen, three for dinars", () => {
    expect(formatMoney(980, 'JPY')).toBe('¥980');
    expect(formatMoney(5.25, 'BHD').replace(/\s/g, ' ')).toBe('BHD 5.250');
  });

  it('keeps a currency written with Latin letters and a symbol in one piece in right-to-left text', () => {
    language.current = 'ar';
    // "JP¥" then a left-to-right mark: in an Arabic page it reads "JP¥ 980", not "¥JP 980".
    expect(formatMoney(980, 'JPY')).toMatch(/JP¥\u200E$/);
    expect(formatMoney(2, 'EUR')).not.toContain('\u200E');
  });
});
