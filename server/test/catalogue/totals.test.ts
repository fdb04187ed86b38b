import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl, type Client } from '../helper.ts';

/** Unfiltered catalogue lists read a trigger-kept total; filtered ones count exactly. */
const t = await createTestApp();
let admin: Client;
beforeAll(async () => {
  admin = await asAdmin(t);
  for (let i = 0; i < 3; i++) {
    expect((await admin.post('/api/v1/titles', { name: `Counted title ${i}` })).status).toBe(200);
    expect((await admin.post('/api/v1/people', { name: `Counted person ${i}` })).status).toBe(200);
  }
});

const counter = async (name: string) => Number((await t.ctx.db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())?.value);
const total = async (url: string, params: Record<string, unknown> = {}) => {
  const res = await admin.get(listUrl(url, params));
  expect(res.status, res.text).toBe(200);
  return res.body.pagination.total as number;
};

describe.each([['titles', 'Counted title'], ['people', 'Counted person']] as const)('%s totals', (table, prefix) => {
  it('the counter follows inserts and deletes', async () => {
    const rows = await t.ctx.db.selectFrom(table).select('id').execute();
    expect(await counter(`rows:${table}`)).toBe(rows.length);
    const created = (await admin.post(`/api/v1/${table}`, { name: `${prefix} extra` })).body;
    const id = (created.title ?? created.person).id as number;
    expect(await counter(`rows:${table}`)).toBe(rows.length + 1);
    expect((await admin.delete(`/api/v1/${table}/${id}`)).status).toBe(200);
    expect(await counter(`rows:${table}`)).toBe(rows.length);
  });

  it('an unfiltered list answers the kept total, never a count of the table', async () => {
    const exact = await total(`/api/v1/${table}`);
    // Moved behind the app's back: only a list that reads the counter can see it.
    await t.ctx.db.updateTable('counters').set({ value: 12345 }).where('name', '=', `rows:${table}`).execute();
    try {
      expect(await total(`/api/v1/${table}`)).toBe(12345);
      // A filtered list still counts exactly.
      expect(await total(`/api/v1/${table}`, { query: prefix })).toBeLessThanOrEqual(exact);
    } finally {
      await t.ctx.db.updateTable('counters').set({ value: exact }).where('name', '=', `rows:${table}`).execute();
    }
  });
});

describe('videos totals', () => {
  const video = (titleId: number, name: string) => admin.post('/api/v1/videos', {
    name, title_id: titleId, type: 'embed', src: 'https://www.youtube.com/embed/abc', category: 'trailer', quality: 'hd', language: 'en',
  });

  it('keeps the counter with inserts and deletes, and an unfiltered list reads it instead of counting', async () => {
    const titleId = (await admin.post('/api/v1/titles', { name: 'Counted host' })).body.title.id as number;
    const before = await counter('rows:videos');
    expect(before).toBe((await t.ctx.db.selectFrom('videos').select('id').execute()).length);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await video(titleId, `Counted video ${i}`)).body.video.id);
    expect(await counter('rows:videos')).toBe(before + 3);
    expect((await admin.delete(`/api/v1/videos/${ids.pop()}`)).status).toBe(200);
    expect(await counter('rows:videos')).toBe(before + 2);

    const exact = await total('/api/v1/videos');
    expect(exact).toBe(before + 2);
    await t.ctx.db.updateTable('counters').set({ value: 54321 }).where('name', '=', 'rows:videos').execute();
    try {
      expect(await total('/api/v1/videos')).toBe(54321);
      expect(await total('/api/v1/videos', { filters: [{ key: 'title_id', value: titleId }] })).toBe(2);
    } finally {
      await t.ctx.db.updateTable('counters').set({ value: exact }).where('name', '=', 'rows:videos').execute();
    }
  });
});
