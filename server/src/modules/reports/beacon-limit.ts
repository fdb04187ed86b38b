import { tooManyRequests, type RateLimit } from '../../http/rate-limit.ts';

/**
 * The beacon's flood limit, counted in this process's memory. The shared limits count in the cache driver, whose
 * default (files) writes a file per hit: at thousands of page views a second that write is the whole cost of a beacon.
 * A page view is analytics, not an account's safety, so a limit per process (N processes let N times as many through)
 * is enough to keep one address from filling the table.
 */
export class BeaconLimiter {
  private readonly hits = new Map<string, { count: number; until: number }>();
  constructor(private readonly limit: RateLimit, private readonly maxAddresses = 200_000) {}

  /** Counts a hit from `id`; over the limit within its window, a 429 with Retry-After. */
  consume(id: string, now = Date.now()): void {
    let h = this.hits.get(id);
    if (!h || h.until <= now) {
      if (this.hits.size >= this.maxAddresses) this.prune(now);
      h = { count: 0, until: now + this.limit.windowSeconds * 1000 };
      this.hits.set(id, h);
    }
    h.count++;
    if (h.count > this.limit.max) throw tooManyRequests(this.limit, Math.max(1, Math.ceil((h.until - now) / 1000)));
  }

  /** Drops closed windows; if every window is still open (a flood from that many addresses), starts over: memory stays bounded. */
  private prune(now: number): void {
    for (const [id, h] of this.hits) if (h.until <= now) this.hits.delete(id);
    if (this.hits.size >= this.maxAddresses) this.hits.clear();
  }
}
