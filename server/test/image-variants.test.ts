import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@app/contracts';
import { sweepImageVariants, variantKey } from '../src/http/image-variants.ts';
import { createTestApp } from './helper.ts';

// Stored pictures are served at the widths the site lists in srcset: made once from the original, kept, swept when it goes.
const t = await createTestApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function storeJpeg(name: string, width: number, height: number): Promise<{ key: string; url: string; size: number }> {
  const body = await sharp({ create: { width, height, channels: 3, background: '#2a6' } }).jpeg({ quality: 95 }).toBuffer();
  const key = `public/title-images/${name}.jpg`;
  await t.ctx.storage.put(key, body);
  return { key, url: `/storage/title-images/${name}.jpg`, size: body.length };
}

describe('a stored picture at a listed width', () => {
  it('is a WebP that wide, kept for the next request and cached by browsers like the original', async () => {
    const poster = await storeJpeg('wide-poster', 1600, 2400);
    const res = await get(`${poster.url}?w=320`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 480]);
    expect(res.rawPayload.length).toBeLessThan(poster.size / 5);
    expect(await t.ctx.storage.exists(variantKey(poster.key, 320, poster.size))).toBe(true);

    const again = await get(`${poster.url}?w=320`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    // Without a width, the original as it was stored.
    const original = await get(poster.url);
    expect([original.headers['content-type'], Number(original.headers['content-length'])]).toEqual(['image/jpeg', poster.size]);
  });

  it('is made once for requests that arrive together', async () => {
    const poster = await storeJpeg('together', 1200, 1800);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${poster.url}?w=480`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('is never enlarged: a picture narrower than the width keeps its own', async () => {
    const small = await storeJpeg('small', 300, 450);
    const meta = await sharp((await get(`${small.url}?w=1920`)).rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 300]);
  });

  it('answers a range of its bytes', async () => {
    const poster = await storeJpeg('ranged', 800, 1200);
    const whole = await get(`${poster.url}?w=240`);
    const part = await t.app.inject({ method: 'GET', url: `${poster.url}?w=240`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
  });
});

describe('a width the server does not make', () => {
  it('is refused with the widths it does make, and nothing is stored', async () => {
    const poster = await storeJpeg('odd-width', 900, 1350);
    for (const w of ['321', 'abc', '0', '-160', '1e3', '99999', '']) {
      const res = await get(`${poster.url}?w=${w}`);
      expect(res.statusCode, w).toBe(422);
      expect(res.json().message).toBe(`The width must be one of ${IMAGE_WIDTHS.join(', ')}.`);
    }
    expect((await get(`${poster.url}?w=160&w=240`)).statusCode).toBe(422);
    const made: string[] = [];
    for await (const key of t.ctx.storage.list('cache/image-variants/')) if (key.includes('odd-width')) made.push(key);
    expect(made).toEqual([]);
  });
});

describe('files that are not resized', () => {
  it('are sent as they are: a GIF (its frames), captions, and a file that only claims to be a picture', async () => {
    const gif = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#36c' } }).gif().toBuffer();
    await t.ctx.storage.put('public/title-images/moving.gif', gif);
    const g = await get('/storage/title-images/moving.gif?w=160');
    expect([g.statusCode, g.headers['content-type'], g.rawPayload.length]).toEqual([200, 'image/gif', gif.length]);

    await t.ctx.storage.put('public/captions/one.vtt', Buffer.from('WEBVTT\n'));
    const v = await get('/storage/captions/one.vtt?w=160');
    expect([v.statusCode, v.headers['content-type']]).toEqual([200, 'text/vtt; charset=utf-8']);

    const junk = Buffer.from('not a picture at all, whatever the name says');
    await t.ctx.storage.put('public/title-images/broken.jpg', junk);
    const b = await get('/storage/title-images/broken.jpg?w=320');
    expect([b.statusCode, b.headers['content-type'], b.body]).toEqual([200, 'image/jpeg', junk.toString()]);
    expect((await get('/api/v1/health')).statusCode).toBeLessThan(500);
  });

  it('a missing original is not found, even when its width was made before', async () => {
    const poster = await storeJpeg('deleted', 800, 1200);
    expect((await get(`${poster.url}?w=160`)).statusCode).toBe(200);
    await t.ctx.storage.delete(poster.key);
    expect((await get(`${poster.url}?w=160`)).statusCode).toBe(404);
    expect((await get('/storage/title-images/never-there.jpg?w=160')).statusCode).toBe(404);
  });
});

describe('the daily sweep', () => {
  it('removes the widths of pictures that are gone or were replaced, and keeps the rest', async () => {
    const kept = await storeJpeg('kept', 700, 1050);
    const gone = await storeJpeg('gone', 700, 1050);
    const replaced = await storeJpeg('replaced', 700, 1050);
    for (const p of [kept, gone, replaced]) expect((await get(`${p.url}?w=240`)).statusCode).toBe(200);
    await t.ctx.storage.delete(gone.key);
    const again = await storeJpeg('replaced', 500, 750);
    // The new file under the same name gets its own width (the old one is not served for it).
    expect((await sharp((await get(`${again.url}?w=640`)).rawPayload).metadata()).width).toBe(500);

    await sweepImageVariants(t.ctx);
    expect(await t.ctx.storage.exists(variantKey(kept.key, 240, kept.size))).toBe(true);
    expect(await t.ctx.storage.exists(variantKey(gone.key, 240, gone.size))).toBe(false);
    expect(await t.ctx.storage.exists(variantKey(replaced.key, 240, replaced.size))).toBe(false);
    expect(await t.ctx.storage.exists(variantKey(again.key, 640, again.size))).toBe(true);
  });
});
