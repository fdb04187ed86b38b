import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, login } from './helpers.ts';

// Nothing on a public page may move once drawn while its data and pictures arrive (cumulative layout shift), on a
// slow link where every call lands after the first render: a header filling in, genre chips pushing the posters
// down, a poster without its box, a loading block shorter than the plans that replace it.

async function layoutShift(page: Page, path: string): Promise<{ total: number; moved: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!e.hadRecentInput) w.shifts.push({ value: e.value, nodes: e.sources.map((s) => (s.node instanceof Element ? `${s.node.closest('header') ? 'header ' : ''}${s.node.tagName}.${s.node.className}` : '?')) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), moved: shifts.flatMap((s) => s.nodes) };
}

for (const [path, width] of [['/movies', 1280], ['/titles/1', 1280], ['/news', 1280], ['/movies', 390]] as const) {
  test(`${path} at ${width} px does not move as it loads`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    try {
      const { total, moved } = await layoutShift(page, path);
      expect(total, moved.join(', ')).toBeLessThan(0.01);
      // Small but on every page: the menu and search box moving along the bar as the site's name arrived.
      expect(moved.filter((node) => node.startsWith('header '))).toEqual([]);
    } finally {
      await page.close();
    }
  });
}

const token = (page: Page) => page.context().cookies().then((c) => decodeURIComponent(c.find((x) => x.name === 'XSRF-TOKEN')!.value));
async function saveSettings(page: Page, client: Record<string, unknown>) {
  const res = await page.request.post('/api/v1/settings', { headers: { 'x-xsrf-token': await token(page) }, multipart: { client: JSON.stringify(client), server: '{}' } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('the header keeps its place while an image logo arrives', async ({ page, browser }) => {
  await login(page);
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  const logo = await sharp({ create: { width: 160, height: 40, channels: 3, background: '#b33' } }).png().toBuffer();
  const up = await page.request.post('/api/v1/admin/appearance/images/logo_light', { headers: { 'x-xsrf-token': await token(page) }, multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: logo } } });
  expect(up.ok(), await up.text()).toBe(true);
  await saveSettings(page, { 'branding.logo_light': (await up.json()).url, 'branding.logo_dark': '' });
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    const { moved } = await layoutShift(visitor, '/news');
    await expect(visitor.getByRole('banner').getByRole('img')).toBeVisible();
    expect(moved.filter((node) => node.startsWith('header '))).toEqual([]);
  } finally {
    await visitor.close();
    await saveSettings(page, { 'branding.logo_light': before['client.branding.logo_light'] ?? '', 'branding.logo_dark': before['client.branding.logo_dark'] ?? '' });
  }
});

test('/pricing on a phone does not move as its plans load', async ({ page, browser }) => {
  await login(page);
  const save = (client: Record<string, unknown>) => saveSettings(page, client);
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  await save({ 'billing.enable': true });
  const plans = [];
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    for (const [name, features] of [['Shift Basic', ['HD']], ['Shift Plus', ['HD', '4K', 'Two screens']]] as const) {
      plans.push((await api(page, 'POST', 'billing/products', { name, feature_list: [...features], prices: [{ amount: 5, currency: 'USD', interval: 'month', interval_count: 1 }, { amount: 50, currency: 'USD', interval: 'year', interval_count: 1 }] })).product);
    }
    const { total, moved } = await layoutShift(visitor, '/pricing');
    expect(total, moved.join(', ')).toBeLessThan(0.01);
  } finally {
    await visitor.close();
    for (const plan of plans) await api(page, 'DELETE', `billing/products/${plan.id}`);
    await save({ 'billing.enable': before['client.billing.enable'] ?? false });
  }
});
