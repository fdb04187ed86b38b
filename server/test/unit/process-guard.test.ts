import { EventEmitter } from 'node:events';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { installProcessGuard, type GuardReporter } from '../../src/lib/process-guard.ts';
import { cleanSearchQuery, ftsPhrase } from '../../src/http/text-search.ts';
import { safeCsvCell } from '../../src/http/csv.ts';
import { findInvalid, TOO_DEEP, INVALID_TEXT } from '../../src/http/input-guard.ts';

const reporter = (seen: unknown[], fail = false): GuardReporter => ({
  capture: async (err) => { seen.push(err); if (fail) throw new Error('reporter down'); },
});

describe('process guard', () => {
  it('reports unhandled rejections and uncaught exceptions through the reporter', () => {
    const target = new EventEmitter();
    const seen: unknown[] = [];
    const guard = installProcessGuard(reporter(seen), () => {}, target as never);
    const boom = new Error('boom');
    target.emit('unhandledRejection', boom, Promise.resolve());
    target.emit('uncaughtException', new Error('thrown'));
    expect(seen).toEqual([boom, expect.objectContaining({ message: 'thrown' })]);
    expect(guard.counts).toEqual({ unhandledRejection: 1, uncaughtException: 1 });
    guard.uninstall();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });

  it('logs instead of looping when the reporter itself fails', async () => {
    const target = new EventEmitter();
    const logged: string[] = [];
    const guard = installProcessGuard(reporter([], true), (msg) => logged.push(msg), target as never);
    target.emit('unhandledRejection', new Error('x'), Promise.resolve());
    await new Promise((r) => setTimeout(r, 10));
    expect(logged).toEqual(['Could not report an escaped error']);
    guard.uninstall();
  });

  // tsx starting a child takes a few seconds on a busy machine: a generous timeout keeps the test from flaking.
  it('keeps a real process alive after an unhandled rejection and an uncaught exception', { timeout: 60_000 }, () => {
    // A child process, so the test runner's own handlers are not involved.
    const script = `
      const { installProcessGuard } = await import(${JSON.stringify(new URL('../../src/lib/process-guard.ts', import.meta.url).href)});
      const seen = [];
      installProcessGuard({ capture: async (e) => { seen.push(e.message); } }, () => {});
      Promise.reject(new Error('rejected'));
      setTimeout(() => { throw new Error('thrown'); }, 5);
      setTimeout(() => { console.log(JSON.stringify(seen)); }, 50);
    `;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 50_000 });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout.trim())).toEqual(['rejected', 'thrown']);
  });
});

describe('search text, CSV cells and input checks', () => {
  it('cleanSearchQuery strips control characters and lone surrogates, keeps full-text syntax for quoting', () => {
    expect(cleanSearchQuery('a\u0000b')).toBe('a b');
    expect(cleanSearchQuery('abc\u0000')).toBe('abc');
    expect(cleanSearchQuery('x\ud800y \u{1F600}')).toBe('x y \u{1F600}');
    expect(cleanSearchQuery('  NEAR(a  "b") OR c*  ')).toBe('NEAR(a "b") OR c*');
    expect(cleanSearchQuery('é'.repeat(500))).toHaveLength(200);
    expect(cleanSearchQuery('\u{1F600}'.repeat(150)).length).toBeLessThanOrEqual(200);
    expect(ftsPhrase('a "b" OR c*')).toBe('"a ""b"" OR c*"');
  });

  it('safeCsvCell prefixes formula starts only', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(safeCsvCell(v)).toBe(`'${v}`);
    for (const v of ['Ann', '1-2', 'a=b', '']) expect(safeCsvCell(v)).toBe(v);
  });

  it('findInvalid finds NUL and lone surrogates in values and keys, and stops at depth 32', () => {
    expect(findInvalid({ a: [{ b: 'x\u0000' }] })).toEqual({ path: ['a', '0', 'b'], message: INVALID_TEXT });
    expect(findInvalid({ ['k\udc00']: 1 })?.message).toBe(INVALID_TEXT);
    expect(findInvalid({ ok: '\u{1F600} fine\ttab' })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 33; i++) deep = [deep];
    expect(findInvalid(deep)?.message).toBe(TOO_DEEP);
    let shallow: unknown = 1;
    for (let i = 0; i < 32; i++) shallow = [shallow];
    expect(findInvalid(shallow)).toBeNull();
  });
});
