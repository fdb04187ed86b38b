import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileStoredObjects } from '../src/modules/files/storage-meter.ts';
import { multipart } from './catalogue/helpers.ts';
import { asAdmin, createTestApp, listUrl, type Client } from './helper.ts';

/**
 * 'Storage used' counts the pictures the site keeps on its public disk (posters, photos, branding...), not only file
 * entries and video ladders: the dashboard of a site full of posters said 0 B.
 */
const t = await createTestApp();
let admin: Client;
let titleId: number;

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Weighed' })).body.title.id;
});

const today = new Date().toISOString().slice(0, 10);
async function storageUsed(): Promise<number> {
  const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: today, endDate: today, timezone: 'UTC', types: 'header' }));
  expect(res.status, res.text).toBe(200);
  return res.body.headerReport.find((i: { name: string }) => i.name === 'Storage used').currentValue;
}
const listed = async (key: string) => t.ctx.db.selectFrom('stored_objects').selectAll().where('key', '=', key).executeTakeFirst();

describe('Storage used', () => {
  it('counts a title image from when it is stored until it is deleted', async () => {
    const before = await storageUsed();
    const poster = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#c33', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
    const m = multipart({ titleId: String(titleId), type: 'poster' }, { name: 'poster.jpg', type: 'image/jpeg', content: poster });
    const res = await admin.request('POST', '/api/v1/images', m.body, m.headers);
    expect(res.status, res.text).toBe(200);
    const key = `public/${String(res.body.image.url).replace(/^\/storage\//, '')}`;
    const size = (await t.ctx.storage.stat(key))!.size;
    expect(size).toBeGreaterThan(1000);
    expect(await storageUsed()).toBe(before + size);
    expect(await listed(key)).toMatchObject({ size });

    expect((await admin.delete(`/api/v1/images/${res.body.image.id}`)).status).toBe(200);
    expect(await t.ctx.storage.stat(key)).toBeNull();
    expect(await listed(key)).toBeUndefined();
    expect(await storageUsed()).toBe(before);
  });

  it('the daily reconciliation lists files it finds unlisted, dated by their last change, and leaves video ladders out', async () => {
    const root = t.ctx.config.storagePath;
    const byHand = path.join(root, 'public', 'by-hand', 'old-banner.png');
    fs.mkdirSync(path.dirname(byHand), { recursive: true });
    fs.writeFileSync(byHand, Buffer.alloc(2048, 1));
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600_000);
    fs.utimesSync(byHand, lastWeek, lastWeek);
    await t.ctx.storage.put('public/videos/9/hls/1-1/seg0.ts', Buffer.alloc(4096, 2));
    expect(await listed('public/videos/9/hls/1-1/seg0.ts')).toBeUndefined();

    const before = await storageUsed();
    expect(await reconcileStoredObjects(t.ctx)).toBeGreaterThanOrEqual(1);
    const row = await listed('public/by-hand/old-banner.png');
    expect(row).toMatchObject({ size: 2048 });
    expect(Math.abs(new Date(row!.created_at).getTime() - lastWeek.getTime())).toBeLessThan(2000);
    expect(await listed('public/videos/9/hls/1-1/seg0.ts')).toBeUndefined();
    expect(await storageUsed()).toBe(before + 2048);
    // Run again: nothing new.
    expect(await reconcileStoredObjects(t.ctx)).toBe(0);
  });
});
