import { describe, expect, it } from 'vitest';
import { DEFAULT_DARK_COLORS, DEFAULT_LIGHT_COLORS } from '@app/contracts/appearance-constants';
import { contrastProblems, contrastRatio } from './contrast';

describe('theme contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // Half-transparent black on white reads as mid grey.
    expect(contrastRatio('#00000080', '#ffffff')!).toBeLessThan(4.5);
    expect(contrastRatio('red', '#ffffff')).toBeNull();
  });

  it('finds unreadable text colours and leaves the default palettes alone', () => {
    expect(contrastProblems(DEFAULT_LIGHT_COLORS).size).toBe(0);
    expect(contrastProblems(DEFAULT_DARK_COLORS).size).toBe(0);
    const problems = contrastProblems({ ...DEFAULT_LIGHT_COLORS, text: '#ffffff', bg: '#fefefe', 'bg-elevated': '#fefefe', primary: '#ffeb3b' });
    expect([...problems.keys()]).toEqual(['text', 'on-primary']);
    expect(problems.get('text')!.backgrounds).toEqual(['bg', 'bg-alt', 'bg-elevated']);
    expect(problems.get('text')!.ratio).toBeLessThan(1.1);
  });
});
