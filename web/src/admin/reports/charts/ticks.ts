/**
 * The y axis of a count: round ticks (steps of 1, 2 or 5 times a power of ten, about four of them) from 0 to the
 * first tick at or above `max`, which becomes the top of the axis. 0, half and max read "0, 4, 7".
 */
export function niceTicks(max: number, about = 4): number[] {
  const top = Math.max(1, max);
  const raw = top / about;
  const power = 10 ** Math.floor(Math.log10(raw));
  // Counts are whole: a step is never below 1.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const ticks: number[] = [];
  for (let t = 0; t < top + step; t += step) {
    ticks.push(t);
    if (t >= top) break;
  }
  return ticks;
}
