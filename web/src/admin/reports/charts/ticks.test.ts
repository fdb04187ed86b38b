import { describe, expect, it } from 'vitest';
import { axisLabels, niceTicks } from './ticks';

describe("a line chart's y axis", () => {
  it('counts in round steps up to the first tick at or above the largest value', () => {
    // It read 0, 4, 7 (zero, half and the largest value).
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
  });
});

describe("a line chart's date labels", () => {
  /** Each label's extent on the axis, at `width` units a label, hung from its point as its anchor says. */
  const extents = (xs: number[], width: number) => axisLabels(xs, xs[xs.length - 1] - xs[0], width).map(({ index, anchor }) => {
    const from = anchor === 'start' ? xs[index] : anchor === 'end' ? xs[index] - width : xs[index] - width / 2;
    return [from, from + width];
  });
  const points = (n: number, left: number, right: number) => Array.from({ length: n }, (_, i) => left + (i / (n - 1)) * (right - left));

  it('never lets two labels touch, whatever the number of points', () => {
    // A day's 24 hours on the 640-wide drawing: "12:00 AM" ran into "3:00 AM", "6:00 PM" into "9:00 PM".
    for (const n of [2, 3, 7, 23, 24, 25, 30, 48, 90, 92]) {
      const spans = extents(points(n, 44, 628), 72);
      expect(spans.length).toBeGreaterThan(0);
      for (let i = 1; i < spans.length; i++) expect(spans[i][0] - spans[i - 1][1], `${n} points, label ${i}`).toBeGreaterThanOrEqual(0);
      // Never outside the axis.
      expect(spans[0][0]).toBeGreaterThanOrEqual(44);
      expect(spans[spans.length - 1][1]).toBeLessThanOrEqual(628);
    }
  });

  it('labels the first point, and keeps about as many labels as fit', () => {
    const labels = axisLabels(points(24, 44, 628), 584, 72);
    expect(labels[0]).toEqual({ index: 0, anchor: 'start' });
    expect(labels.length).toBeGreaterThanOrEqual(5);
  });
});
