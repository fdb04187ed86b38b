import { describe, expect, it } from 'vitest';
import { niceTicks } from './ticks';

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
