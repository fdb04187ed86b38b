import { LOGIN_DECAY_SECONDS, LOGIN_MAX_ATTEMPTS } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';

/** Failed-login counters per IP and per account, each a fixed one-minute window. */
export class LoginThrottle {
  private hits = new Map<string, { count: number; resetAt: number }>();

  private current(key: string) {
    const hit = this.hits.get(key);
    if (hit && hit.resetAt <= Date.now()) {
      this.hits.delete(key);
      return undefined;
    }
    return hit;
  }

  assertAllowed(keys: string[]): void {
    for (const key of keys) {
      const hit = this.current(key);
      if (hit && hit.count >= LOGIN_MAX_ATTEMPTS) {
        const seconds = Math.ceil((hit.resetAt - Date.now()) / 1000);
        throw new HttpError(429, `Too many login attempts. Please try again in ${seconds} seconds.`);
      }
    }
  }

  fail(keys: string[]): void {
    if (this.hits.size > 100_000) this.hits.clear(); // bounded memory under a spray of addresses
    for (const key of keys) {
      const hit = this.current(key) ?? { count: 0, resetAt: Date.now() + LOGIN_DECAY_SECONDS * 1000 };
      hit.count += 1;
      this.hits.set(key, hit);
    }
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}
