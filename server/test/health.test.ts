import { describe, expect, it } from 'vitest';
import { createTestApp, guest } from './helper.ts';

const t = await createTestApp();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET health', () => {
  it('answers 200 without signing in when the database, queue, cache and storage all work', async () => {
    const res = await guest(t).get('/api/v1/health');
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.failed).toEqual([]);
    for (const part of ['database', 'queue', 'cache', 'storage']) expect(res.body.checks[part].ok, part).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the failed part, without the error text', async () => {
    await pause(2100);
    const put = t.ctx.storage.put.bind(t.ctx.storage);
    t.ctx.storage.put = async () => { throw new Error('EACCES /srv/secret/storage'); };
    try {
      const res = await guest(t).get('/api/v1/health');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('failing');
      expect(res.body.failed).toEqual(['storage']);
      expect(res.body.checks.storage).toMatchObject({ ok: false, error: 'Failed.' });
      expect(res.body.checks.database.ok).toBe(true);
      expect(res.text).not.toContain('secret');
    } finally {
      t.ctx.storage.put = put;
    }
    await pause(2100);
    expect((await guest(t).get('/api/v1/health')).status).toBe(200);
  });
});
