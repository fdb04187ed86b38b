import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ArrayStore, FileStore } from '../src/drivers/cache/cache.ts';
import { LIMITS } from '../src/http/rate-limit.ts';
import { Client, PASSWORD, asUser, createTestApp, createUser, guest, mailsIn } from './helper.ts';

const t = await createTestApp();
let ipCounter = 0;
const freshIp = () => { ipCounter++; return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`; };
const from = (c: Client, ip: string, method: string, url: string, body: unknown) => c.request(method, url, body, { 'x-forwarded-for': ip });

function expect429(res: { status: number; headers: Record<string, unknown>; body: any }, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('cache counters', () => {
  it('count atomically under concurrency, in memory and in files shared by processes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-counter-'));
    for (const store of [new ArrayStore(), new FileStore(dir), new FileStore(dir)]) {
      const key = `k-${Math.random()}`;
      await Promise.all(Array.from({ length: 40 }, () => store.increment(key, 1, 60)));
      const read = await store.increment(key, 0, 60);
      expect(read.value).toBe(40);
      expect(read.expiresAt).toBeGreaterThan(Date.now());
      expect(read.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
      expect((await store.increment('absent', 0, 60)).value).toBe(0);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('login', () => {
  it('lets the owner in while a stranger hammers the account, and the limit survives a rebuilt app on the same cache', async () => {
    const owner = await createUser(t, { roles: [t.roles.users] });
    const stranger = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await from(guest(t), stranger, 'POST', '/api/v1/auth/login', { email: owner.email, password: `guess-${i}` })).status);
    expect(answers.slice(0, LIMITS.loginIpEmail.max)).toEqual(Array(LIMITS.loginIpEmail.max).fill(422));
    expect(answers.slice(LIMITS.loginIpEmail.max).every((s) => s === 429)).toBe(true);
    expect429(await from(guest(t), stranger, 'POST', '/api/v1/auth/login', { email: owner.email, password: PASSWORD }), /Too many login attempts/);

    // The owner, from their own address, still gets in.
    expect((await from(guest(t), freshIp(), 'POST', '/api/v1/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(200);

    // A restart (a second app over the same database and file cache) still refuses the stranger.
    const again = await buildApp(t.ctx.config);
    try {
      expect429(await from(new Client(again), stranger, 'POST', '/api/v1/auth/login', { email: owner.email, password: PASSWORD }), /Too many login attempts/);
    } finally {
      await again.close();
    }
  });
});

describe('account password', () => {
  it('limits wrong current passwords per user, with 429 and Retry-After', async () => {
    const c = await asUser(t);
    const change = (current: string) => c.put('/api/v1/account/password', { current_password: current, password: 'new-password-1', password_confirmation: 'new-password-1' });
    for (let i = 0; i < LIMITS.currentPassword.max; i++) expect((await change(`wrong-${i}`)).status).toBe(422);
    expect429(await change('wrong-again'), /Too many attempts/);
    // Even the right one waits for the window: a stolen session cannot keep guessing.
    expect429(await change(PASSWORD), /Too many attempts/);
  });
});

describe('password reset mails', () => {
  it('limits mails to one address, and requests from one address', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.resetEmail.max; i++) expect((await from(guest(t), freshIp(), 'POST', '/api/v1/auth/password/email', { email: u.email })).status).toBe(200);
    expect429(await from(guest(t), freshIp(), 'POST', '/api/v1/auth/password/email', { email: u.email }), /Too many password reset requests/);
    expect((await mailsIn(t)).filter((m) => m.to.includes(u.email))).toHaveLength(LIMITS.resetEmail.max);

    for (let i = 0; i < LIMITS.resetIp.max; i++) expect((await from(guest(t), ip, 'POST', '/api/v1/auth/password/email', { email: `someone${i}@example.test` })).status).toBe(200);
    expect429(await from(guest(t), ip, 'POST', '/api/v1/auth/password/email', { email: 'another@example.test' }), /Too many password reset requests/);
  });
});

describe('registrations', () => {
  it('limits new accounts per address', async () => {
    const ip = freshIp();
    const register = (i: number) => from(guest(t), ip, 'POST', '/api/v1/auth/register', { email: `new${i}-${ipCounter}@example.test`, password: 'password-1', password_confirmation: 'password-1' });
    for (let i = 0; i < LIMITS.registerIp.max; i++) expect((await register(i)).status).toBe(200);
    expect429(await register(99), /Too many accounts were created from this address/);
    expect((await from(guest(t), freshIp(), 'POST', '/api/v1/auth/register', { email: `elsewhere-${ipCounter}@example.test`, password: 'password-1', password_confirmation: 'password-1' })).status).toBe(200);
  });
});

describe('search', () => {
  it('answers an address 120 searches a minute, then 429 with Retry-After; other addresses still search', async () => {
    const ip = freshIp();
    const search = (from_: string) => from(guest(t), from_, 'GET', '/api/v1/search?query=harbor', undefined);
    for (let i = 0; i < LIMITS.searchIp.max; i++) expect((await search(ip)).status).toBe(200);
    expect429(await search(ip), /Too many searches/);
    expect((await search(freshIp())).status).toBe(200);
  });
});

describe('requests per access token', () => {
  it('lets one token make 1,000 calls a minute, then answers 429 with Retry-After; other tokens and sessions go on', async () => {
    const member = await asUser(t);
    const token = (await member.post('/api/v1/auth/access-tokens', { tokenName: 'script' })).body.plainTextToken as string;
    const other = (await member.post('/api/v1/auth/access-tokens', { tokenName: 'other' })).body.plainTextToken as string;
    const script = Object.assign(new Client(t), { bearer: token });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const { status } = await script.get('/api/v1/auth/me');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses]).toEqual([[200, 1000]]);
    expect429(await script.get('/api/v1/auth/me'), /^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(Number((await script.get('/api/v1/auth/me')).headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await Object.assign(new Client(t), { bearer: other }).get('/api/v1/auth/me')).status).toBe(200);
    expect((await member.get('/api/v1/auth/me')).status).toBe(200);
  });
});
