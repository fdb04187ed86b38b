import { describe, expect, it } from 'vitest';
import { DEFAULT_MENUS, isAllowedEmbedUrl, menuItemSchema } from '@app/contracts';
import { asAdmin, asUser, createTestApp } from './helper.ts';

const t = await createTestApp();

describe('iframes in pages written by non-admins', () => {
  it('keeps embeds from the video hosts, drops others, and strips camera and microphone delegation', async () => {
    const author = await asUser(t, { permissions: ['custom_pages.create', 'custom_pages.update'] });
    const body = [
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" allow="autoplay; camera; microphone; fullscreen" allowfullscreen></iframe>',
      '<iframe src="https://player.vimeo.com/video/1" allow="camera *; geolocation"></iframe>',
      '<iframe src="https://evil.example/phish" allow="camera; microphone"></iframe>',
      '<iframe src="https://youtube.com.evil.example/embed/x"></iframe>',
      '<iframe src="http://www.youtube.com/embed/x"></iframe>',
    ].join('');
    const res = await author.post('/api/v1/custom-pages', { title: 'Videos', slug: 'videos-embeds', body });
    expect(res.status, res.text).toBe(200);
    const saved: string = res.body.page.body;
    expect(saved).toContain('src="https://www.youtube-nocookie.com/embed/abc"');
    expect(saved).toContain('allow="autoplay; fullscreen"');
    expect(saved).toContain('src="https://player.vimeo.com/video/1"');
    expect(saved).not.toMatch(/camera|microphone|geolocation/);
    expect(saved).not.toContain('evil.example');
    expect(saved).not.toContain('http://www.youtube.com');
    expect(saved.match(/<iframe/g)).toHaveLength(2);
  });

  it('lets an admin embed any page', async () => {
    const admin = await asAdmin(t);
    const body = '<iframe src="https://maps.example/embed" allow="geolocation"></iframe>';
    const res = await admin.post('/api/v1/custom-pages', { title: 'Map', slug: 'map-embed', body });
    expect(res.body.page.body).toBe(body);
  });

  it('lists the video hosts in one place', () => {
    for (const ok of ['https://www.youtube.com/embed/x', 'https://www.dailymotion.com/embed/video/x', 'https://player.twitch.tv/?video=1', 'https://fast.wistia.net/embed/iframe/x', 'https://www.loom.com/embed/x']) {
      expect(isAllowedEmbedUrl(ok), ok).toBe(true);
    }
    for (const bad of ['https://notyoutube.com/embed', 'https://youtube.com@evil.example/', 'javascript:alert(1)', 'https://vimeo.com:8443/x']) {
      expect(isAllowedEmbedUrl(bad), bad).toBe(false);
    }
  });
});

describe('menu links', () => {
  const item = (action: string) => ({ ...DEFAULT_MENUS[0].items[0], type: 'link', label: 'Go', action });

  it('refuses links browsers read as another host or as script', async () => {
    const admin = await asAdmin(t);
    for (const action of ['/\\evil.example', '//evil.example', '\\\\evil.example', 'javascript:alert(1)', ' javascript:alert(1)', '/\t/evil.example', 'data:text/html,x']) {
      expect(menuItemSchema.safeParse(item(action)).success, JSON.stringify(action)).toBe(false);
      const res = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [{ ...DEFAULT_MENUS[0], items: [item(action)] }] } });
      expect(res.status, JSON.stringify(action)).toBe(422);
      expect(res.body.errors['client.menus.0.items.0.action']).toEqual(['Enter a valid URL.']);
    }
  });

  it('accepts internal paths and http(s) links', async () => {
    for (const action of ['/', '/watch/12?t=3', '/pages/about-us', 'https://example.com/a', 'http://example.com']) {
      expect(menuItemSchema.safeParse(item(action)).success, action).toBe(true);
    }
    const admin = await asAdmin(t);
    const res = await admin.post('/api/v1/admin/appearance', { changes: { 'client.menus': [{ ...DEFAULT_MENUS[0], items: [item('/pages/about-us')] }] } });
    expect(res.status, res.text).toBe(200);
  });
});
