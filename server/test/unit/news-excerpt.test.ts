import { describe, expect, it, vi } from 'vitest';

// Records how much HTML each plain-text pass is given.
const parsed: number[] = [];
vi.mock('sanitize-html', async (actual) => {
  const real = (await actual<{ default: (html: string, options: unknown) => string }>()).default;
  return { default: (html: string, options: unknown) => (parsed.push(html.length), real(html, options)) };
});
const { excerptOf } = await import('../../src/modules/news/text.ts');

describe('news excerpt', () => {
  it('reads only as much of a long body as the excerpt needs', () => {
    const body = '<h2>Big news</h2>' + '<p>Many words of a very long article &amp; more.</p>'.repeat(9000);
    parsed.length = 0;
    const excerpt = excerptOf(body);
    expect(excerpt.startsWith('Big news Many words of a very long article & more. Many words')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(Math.max(...parsed)).toBeLessThan(10_000);
  });

  it('reads a short body, or one with little text in long tags, whole', () => {
    expect(excerptOf('<p>Short &lt;one&gt;.</p>')).toBe('Short <one>.');
    const wide = `<p><a href="https://example.com/${'x'.repeat(5000)}">Link</a> text</p>`;
    expect(excerptOf(wide)).toBe('Link text');
    expect(excerptOf('')).toBe('');
  });
});
