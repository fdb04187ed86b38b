import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './catalogue/helpers.ts';
import { asAdmin, createTestApp, guest, type Client } from './helper.ts';

// The header gives an image logo its box before the picture arrives: the visitor's bootstrap says each stored logo's size.
const t = await createTestApp();
let admin: Client;
beforeAll(async () => { admin = await asAdmin(t); });

describe('logo sizes in the bootstrap', () => {
  it('names the pixel size of each stored logo, and none for a logo elsewhere on the web', async () => {
    const png = await sharp({ create: { width: 300, height: 80, channels: 4, background: '#c33' } }).png().toBuffer();
    const m = multipart({}, { name: 'logo.png', type: 'image/png', content: png });
    const up = await admin.request('POST', '/api/v1/admin/appearance/images/logo_light', m.body, m.headers);
    expect(up.status, up.text).toBe(200);
    await t.ctx.settings.set({ 'client.branding.logo_light': up.body.url, 'client.branding.logo_dark': 'https://cdn.example.com/logo.png' });
    const me = await guest(t).get('/api/v1/auth/me');
    expect(me.body.settings['client.branding.logo_sizes']).toEqual({ [up.body.url]: [300, 80] });

    await t.ctx.settings.set({ 'client.branding.logo_light': '', 'client.branding.logo_dark': '' });
    expect((await guest(t).get('/api/v1/auth/me')).body.settings).not.toHaveProperty(['client.branding.logo_sizes']);
  });
});

describe('a logo setting naming a missing file', () => {
  it('answers the bootstrap without a size for it, and the process stays up', async () => {
    await t.ctx.settings.set({ 'client.branding.logo_light': '/storage/branding/gone.png', 'client.branding.logo_dark': '/storage/../../etc/passwd' });
    const me = await guest(t).get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.settings).not.toHaveProperty(['client.branding.logo_sizes']);
    await t.ctx.settings.set({ 'client.branding.logo_light': '', 'client.branding.logo_dark': '' });
  });
});
