import { describe, expect, it } from 'vitest';
import { EventBatcher } from '../../src/modules/plays/batcher.ts';

/** A batcher whose writes wait until the test lets them go, recording each chunk's size. */
function gated(opts: { chunk: number; flushAt: number; everyMs?: number }) {
  const sizes: number[] = [];
  const waiting: (() => void)[] = [];
  const batcher = new EventBatcher<number>({
    ...opts,
    write: (chunk) => new Promise<void>((resolve) => {
      sizes.push(chunk.length);
      waiting.push(resolve);
    }),
    onError: (err) => { throw err; },
  });
  const release = async () => {
    while (waiting.length) waiting.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { batcher, sizes, release };
}

describe('EventBatcher', () => {
  it('keeps batches full under a steady stream: pushes past the threshold share one queued flush', async () => {
    const { batcher, sizes, release } = gated({ chunk: 100, flushAt: 100, everyMs: 60_000 });
    for (let i = 0; i < 100; i++) batcher.push(i);
    await new Promise((r) => setImmediate(r));
    // Events keep coming, 10 at a time, while the writer answers: each push from the 100th on asks for a flush.
    for (let n = 0; n < 30; n++) {
      for (let i = 0; i < 10; i++) batcher.push(i);
      await release();
    }
    for (let n = 0; n < 5; n++) await release();
    // Before, the running flush drained whatever had arrived as soon as the writer answered: 30 chunks of 10.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(400);
    expect(sizes.length).toBeLessThanOrEqual(6);
  });

  it('a flush writes what was buffered when it started; later events wait for the timer', async () => {
    const { batcher, sizes, release } = gated({ chunk: 10, flushAt: 1000, everyMs: 300 });
    for (let i = 0; i < 15; i++) batcher.push(i);
    const flushed = batcher.flush();
    await new Promise((r) => setImmediate(r));
    batcher.push(99);
    for (let n = 0; n < 5; n++) await release();
    await flushed;
    expect(sizes).toEqual([10, 5]);
    await new Promise((r) => setTimeout(r, 400));
    await release();
    expect(sizes).toEqual([10, 5, 1]);
  });

  it('tries a failed chunk once more, and reports it only when that fails too', async () => {
    const written: number[] = [];
    const errors: unknown[] = [];
    let failures = 1;
    const batcher = new EventBatcher<number>({
      chunk: 10, retryAfterMs: 5, onError: (err) => { errors.push(err); },
      write: async (c) => { if (failures-- > 0) throw new Error('database is locked'); written.push(...c); },
    });
    batcher.push(1);
    batcher.push(2);
    await batcher.flush();
    expect(written).toEqual([1, 2]);
    expect(errors).toEqual([]);
    failures = 2;
    batcher.push(3);
    await batcher.flush();
    expect(written).toEqual([1, 2]);
    expect(errors).toHaveLength(1);
  });

  it('close writes everything buffered and refuses what comes after', async () => {
    const written: number[] = [];
    const batcher = new EventBatcher<number>({ chunk: 3, write: async (c) => { written.push(...c); }, onError: (err) => { throw err; } });
    for (let i = 0; i < 7; i++) batcher.push(i);
    await batcher.close();
    expect(written).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(batcher.push(7)).toBe(false);
  });
});
