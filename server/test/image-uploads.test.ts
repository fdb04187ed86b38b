import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asAdmin, createTestApp, type Client } from './helper.ts';
import { multipart } from './catalogue/helpers.ts';
import { MAX_IMAGE_SIDE } from '../src/http/uploads.ts';
import { CATALOGUE_IMAGE_SIDE, PERSON_POSTER_SIDE } from '../src/modules/titles/images.ts';

/**
 * What an uploaded picture becomes once stored: the bytes the public site serves carry no camera metadata (a phone
 * photo's GPS position), stand the right way up, are no larger than their use needs, and a file cut short is refused.
 */
const t = await createTestApp();
let admin: Client;
let titleId: number;

beforeAll(async () => {
  admin = await asAdmin(t);
  titleId = (await admin.post('/api/v1/titles', { name: 'Pictured' })).body.title.id;
});

/** A 600×400 JPEG stored sideways (EXIF orientation 6: shown 400×600) with a camera and a GPS position. */
const phonePhoto = () => sharp({ create: { width: 600, height: 400, channels: 3, background: '#3060c0' } })
  .withMetadata({ orientation: 6 })
  .withExif({ IFD0: { Make: 'SpyCam', Model: 'X100' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
  .jpeg().toBuffer();

const upload = (url: string, fields: Record<string, string>, name: string, content: Buffer) => {
  const m = multipart(fields, { name, type: 'application/octet-stream', content });
  return admin.request('POST', url, m.body, m.headers);
};

const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('uploaded images', () => {
  it('serves a phone photo upright and without its camera metadata, from every image upload', async () => {
    const photo = await phonePhoto();
    expect(photo.includes('SpyCam')).toBe(true);
    const urls: string[] = [];
    const image = await upload('/api/v1/images', { titleId: String(titleId), type: 'poster' }, 'holiday.jpg', photo);
    expect(image.status, image.text).toBe(200);
    urls.push(image.body.image.url);
    for (const url of ['/api/v1/news/images', '/api/v1/custom-pages/media', '/api/v1/people/poster', '/api/v1/admin/appearance/images/logo_light']) {
      const res = await upload(url, {}, 'holiday.jpg', photo);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      urls.push(res.body.url);
    }
    for (const url of urls) {
      const bytes = await served(url);
      const meta = await sharp(bytes).metadata();
      expect([url, meta.format, meta.width, meta.height, meta.orientation ?? 1, meta.exif]).toEqual([url, 'jpeg', 400, 600, 1, undefined]);
      expect(bytes.includes('SpyCam'), url).toBe(false);
    }
  });

  it('refuses a JPEG cut short and leaves nothing on disk', async () => {
    const whole = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#f80', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer();
    const before = await stored('public/title-images/');
    const res = await upload('/api/v1/images', { titleId: String(titleId) }, 'cut.jpg', whole.subarray(0, Math.floor(whole.length / 3)));
    expect([res.status, res.body.errors?.file]).toEqual([422, ['The file must be an image (png, jpeg, gif or webp).']]);
    expect(await stored('public/title-images/')).toEqual(before);
  });

  it('scales a camera original down to the largest side, keeps transparency and animation', async () => {
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#864' } }).jpeg({ quality: 50 }).toBuffer();
    const res = await upload('/api/v1/images', { titleId: String(titleId) }, 'big.jpg', big);
    expect(res.status, res.text).toBe(200);
    expect(await sharp(await served(res.body.image.url)).metadata()).toMatchObject({ width: CATALOGUE_IMAGE_SIDE, height: 1707 });
    const person = await upload('/api/v1/people/poster', {}, 'big.jpg', big);
    expect(await sharp(await served(person.body.url)).metadata()).toMatchObject({ width: PERSON_POSTER_SIDE, height: 667 });
    const news = await upload('/api/v1/news/images', {}, 'big.jpg', big);
    expect(await sharp(await served(news.body.url)).metadata()).toMatchObject({ width: MAX_IMAGE_SIDE, height: 2560 });

    const alpha = await sharp({ create: { width: 30, height: 45, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.3 } } }).png().toBuffer();
    const png = await upload('/api/v1/images', { titleId: String(titleId) }, 'alpha.png', alpha);
    expect(await sharp(await served(png.body.image.url)).metadata()).toMatchObject({ format: 'png', width: 30, height: 45, hasAlpha: true });

    const frames = await Promise.all(['#0f0', '#f00', '#00f'].map((background) => sharp({ create: { width: 20, height: 20, channels: 3, background } }).png().toBuffer()));
    const anim = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const gif = await upload('/api/v1/images', { titleId: String(titleId) }, 'anim.gif', anim);
    expect(gif.status, gif.text).toBe(200);
    expect(await sharp(await served(gif.body.image.url), { animated: true }).metadata()).toMatchObject({ format: 'gif', width: 20, pages: 3 });
  });
});

async function stored(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.ctx.storage.list(prefix)) keys.push(key);
  return keys.sort();
}
