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

/** One date label under the x axis: the point it names and how its text hangs from there. */
export interface AxisLabel { index: number; anchor: 'start' | 'middle' | 'end' }

/**
 * Which points of the x axis get a date label, each taking `labelRoom` of the axis (its text and the space around
 * it): every few points, evenly, as many as fit. The first label hangs right of its point and one at the axis' right
 * end left of it, so none leaves the chart or runs into its neighbour.
 */
export function axisLabels(xs: number[], room: number, labelRoom: number): AxisLabel[] {
  if (!xs.length) return [];
  const right = xs[0] + room;
  const place = (every: number): AxisLabel[] | null => {
    const out: AxisLabel[] = [];
    let end = -Infinity;
    for (let i = 0; i < xs.length; i += every) {
      let anchor: AxisLabel['anchor'] = i === 0 ? 'start' : 'middle';
      if (anchor === 'middle' && xs[i] + labelRoom / 2 > right) anchor = 'end';
      const from = anchor === 'start' ? xs[i] : anchor === 'end' ? xs[i] - labelRoom : xs[i] - labelRoom / 2;
      if (from < end) return null;
      out.push({ index: i, anchor });
      end = from + labelRoom;
    }
    return out;
  };
  // The fewest points between labels that lets every one of them fit; the first point alone always does.
  for (let every = Math.max(1, Math.ceil(xs.length / Math.max(2, Math.floor(room / labelRoom)))); every < xs.length; every++) {
    const labels = place(every);
    if (labels) return labels;
  }
  return [{ index: 0, anchor: 'start' }];
}
