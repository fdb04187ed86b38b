import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RACE_MESSAGE, registerErrorHandler } from '../src/http/errors.ts';
import { asAdmin, createTestApp, createUser, guest, listUrl, type Client } from './helper.ts';

// Issue 17: each request below once answered 500 and ended the process (an unhandled rejection). Vitest
// fails the run on an unhandled rejection, so these tests also catch a crash, not only a wrong status.
const t = await createTestApp();
let admin: Client;
const rejections: unknown[] = [];
const onRejection = (err: unknown) => { rejections.push(err); };

beforeAll(async () => {
  admin = await asAdmin(t);
  process.on('unhandledRejection', onRejection);
});
afterAll(() => { process.off('unhandledRejection', onRejection); });

/** Lets pending rejections surface before asserting that there were none. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('list calls with prototype keys and NUL (issue 17 item 1)', () => {
  it('people: a NUL in the search and orderBy=constructor answer 422, and the server keeps serving', async () => {
    const res = await guest(t).get('/api/v1/people?query=a%00b&orderBy=constructor');
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    await settle();
    expect(rejections).toEqual([]);
    expect((await guest(t).get('/api/v1/people')).status).toBe(200);
  });

  it('people: orderBy=constructor alone is an unknown sort name', async () => {
    const res = await guest(t).get('/api/v1/people?query=abc&orderBy=constructor');
    expect(res.status).toBe(422);
    expect(res.body.errors.orderBy).toEqual([expect.stringMatching(/^Cannot sort by: constructor\. Sort by one of: /)]);
  });

  it('titles: a trailing NUL and orderBy=toString answer 422', async () => {
    const res = await guest(t).get('/api/v1/titles?query=abc%00&orderBy=toString');
    expect(res.status).toBe(422);
    const sort = await guest(t).get('/api/v1/titles?query=abc&orderBy=toString');
    expect(sort.status).toBe(422);
    expect(sort.body.errors.orderBy).toEqual([expect.stringMatching(/^Cannot sort by: toString\. Sort by one of: /)]);
    await settle();
    expect(rejections).toEqual([]);
  });

  it('users: a filter named toString (or __proto__) is an unknown filter', async () => {
    for (const key of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await admin.get(listUrl('/api/v1/users', { filters: [{ key, value: 1 }] }));
      expect(res.status, key).toBe(422);
      expect(res.body.errors.filters[0], key).toMatch(new RegExp(`^Unknown filter: ${key.replace(/_/g, '_')}\\. Filter by one of: `));
    }
    await settle();
    expect(rejections).toEqual([]);
  });

  it('full-text syntax in a search is literal text, never a query error', async () => {
    for (const query of ['"', 'abc"', 'a* OR b', 'NEAR(a b)', '-abc', 'a AND NOT b', '^abc', 'col:abc', '(((', "'; --"]) {
      for (const path of ['/api/v1/people', '/api/v1/titles']) {
        const res = await guest(t).get(listUrl(path, { query }));
        expect(res.status, `${path} ${query}`).toBe(200);
      }
    }
  });
});

describe('bulk delete of many rows (issue 17 item 14)', () => {
  it('deletes 40 users in one call (the router used to cap :ids at 100 characters)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await createUser(t, { email: `bulk-${i}-padding-padding@test.local` })).id);
    const res = await admin.delete(`/api/v1/users/${ids.join(',')}`);
    expect(res.status, res.text).toBe(200);
    const left = await t.ctx.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    expect(left).toEqual([]);
  });

  it('refuses more than 1000 ids with a 422 message', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 5_000_000);
    const res = await admin.delete(`/api/v1/users/${ids.join(',')}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You can delete at most 1000 items at once.');
  });
});

describe('CSV export escaping (issue 17 item 13)', () => {
  it('prefixes cells that start with = + - @ tab or CR so spreadsheets do not run them', async () => {
    const names = ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    for (const [i, name] of names.entries()) await createUser(t, { email: `formula-${i}@csv.test`, first_name: name });
    const res = await admin.post(listUrl('/api/v1/users/csv/export', { query: 'csv.test' }));
    expect(res.status, res.text).toBe(200);
    const file = await admin.get(res.body.downloadPath);
    expect(file.status).toBe(200);
    for (const name of names) {
      expect(file.text).toContain(`'${name.replace(/"/g, '""')}`);
    }
    expect(file.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe('input guard (issue 17 item 13)', () => {
  it('refuses a lone surrogate in a JSON body with 422', async () => {
    const res = await admin.request('POST', '/api/v1/users', '{"email":"x@y.test","password":"secret-password","first_name":"a\\ud800b"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The text contains invalid characters.');
    expect(res.body.errors.first_name).toEqual(['The text contains invalid characters.']);
  });

  it('refuses a NUL in a JSON body and in a query string with 422', async () => {
    const body = await admin.post('/api/v1/users', { email: 'nul@y.test', password: 'secret-password', first_name: 'a\u0000b' });
    expect(body.status).toBe(422);
    expect(body.body.errors.first_name).toEqual(['The text contains invalid characters.']);
    const query = await guest(t).get('/api/v1/titles?query=a%00b');
    expect(query.status).toBe(422);
    expect(query.body.errors.query).toEqual(['The text contains invalid characters.']);
  });

  it('refuses JSON nested deeper than 32 levels with 422', async () => {
    const deep = `${'['.repeat(40)}1${']'.repeat(40)}`;
    const res = await admin.request('POST', '/api/v1/users', `{"first_name":${deep}}`, { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The data is nested too deeply.');
    const ok = await admin.request('POST', '/api/v1/users', `{"first_name":${'['.repeat(10)}1${']'.repeat(10)}}`, { 'content-type': 'application/json' });
    expect(ok.status).toBe(422);
    expect(ok.body.message).not.toBe('The data is nested too deeply.');
  });
});

describe('database data exceptions (issue 17 item 14)', () => {
  it('maps PostgreSQL class 22 errors (bad text representation, out of range, NUL) to 422, a write that lost a race to 409, other database errors stay 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    // The shape node-postgres gives a DatabaseError: a SQLSTATE code and a severity.
    const pgError = (code: string) => Object.assign(new Error('invalid input syntax for type integer: "x"'), { code, severity: 'ERROR' });
    app.get('/22P02', async () => { throw pgError('22P02'); });
    app.get('/22003', async () => { throw pgError('22003'); });
    app.get('/22021', async () => { throw pgError('22021'); });
    app.get('/23505', async () => { throw pgError('23505'); });
    app.get('/23503', async () => { throw pgError('23503'); });
    app.get('/40P01', async () => { throw pgError('40P01'); });
    app.get('/42P01', async () => { throw pgError('42P01'); });
    app.get('/sqlite-unique', async () => { throw Object.assign(new Error('UNIQUE constraint failed: users.email'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }); });
    for (const code of ['22P02', '22003', '22021']) {
      const res = await app.inject({ url: `/${code}` });
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual({ message: 'The given data was invalid.' });
    }
    // A write that raced another past its service's check: a duplicate, a row it refers to deleted meanwhile, a
    // deadlock (services that can name the field answer 422 themselves; this is the net under the rest).
    for (const url of ['/23505', '/sqlite-unique', '/23503', '/40P01']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ message: RACE_MESSAGE });
    }
    const other = await app.inject({ url: '/42P01' });
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toContain('invalid input syntax');
    await app.close();
  });
});
