import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// General slots sit on every page but the landing page, which is the site's own advert.
// The ad tries to read the session: in a sandboxed frame without allow-same-origin, document.cookie throws.
const AD = `<div id="ad">Buy popcorn</div><script>var t;try{t='cookie:'+document.cookie}catch(e){t='cookie:blocked'}document.getElementById('ad').textContent+=' '+t</script>`;

test('ad slots are saved, rendered isolated on the site, and switched off with Disable ads', async ({ page }) => {
  await login(page);
  await page.goto('/admin/ads');
  await expect(page.getByRole('heading', { level: 1, name: 'Predefined Ad slots' })).toBeVisible();
  await page.getByRole('button', { name: 'Zoom the example of Title page top' }).click();
  await expect(page.getByRole('dialog', { name: 'Title page top' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'General top' }).fill(AD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'General top' })).toHaveValue(AD);

  await page.goto('/contact');
  const frame = page.locator('[data-ad-slot="general_top"] iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
  await expect(page.frameLocator('[data-ad-slot="general_top"] iframe').locator('#ad')).toHaveText('Buy popcorn cookie:blocked');

  await page.goto('/admin/ads');
  await page.getByLabel('Disable ads').check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-ad-slot]')).toHaveCount(0);

  await page.goto('/admin/ads');
  await page.getByLabel('Disable ads').uncheck();
  await page.getByRole('textbox', { name: 'General top' }).fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
});

test('ads.txt set on the ads page is served at /ads.txt, and gone once emptied', async ({ page }) => {
  const line = 'google.com, pub-9876543210987654, DIRECT, f08c47fec0942fa0';
  await login(page);
  await page.goto('/admin/ads');
  await page.getByRole('textbox', { name: 'ads.txt' }).fill(line);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
  const served = await page.request.get('/ads.txt');
  expect(served.status()).toBe(200);
  expect(await served.text()).toBe(`${line}\n`);

  await page.getByRole('textbox', { name: 'ads.txt' }).fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
  expect((await page.request.get('/ads.txt')).status()).toBe(404);
});

test('the watch page and search page slots appear on their pages, each only there', async ({ page }) => {
  await login(page);
  const save = (values: Record<string, string>) => api(page, 'POST', 'settings', { client: JSON.stringify(values), server: '{}' });
  await save({ 'client.ads.watch_top': '<p>Watch ad</p>', 'client.ads.search_top': '<p>Search ad</p>' });
  try {
    const videos = (await (await page.request.get('/api/v1/videos?perPage=10&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number }[];
    await page.goto(`/watch/${videos[0].id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.frameLocator('[data-ad-slot="watch_top"] iframe').getByText('Watch ad')).toBeVisible();
    await expect(page.locator('[data-ad-slot="search_top"]')).toHaveCount(0);

    await page.goto('/search?query=harbor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.frameLocator('[data-ad-slot="search_top"] iframe').getByText('Search ad')).toBeVisible();
    await expect(page.locator('[data-ad-slot="watch_top"]')).toHaveCount(0);
  } finally {
    await save({ 'client.ads.watch_top': '', 'client.ads.search_top': '' });
  }
});

test('while the cookie notice is on, ad slots wait for the visitor to accept it, as the analytics tag does', async ({ page, browser }) => {
  await login(page);
  try {
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'ads.general_top': AD, 'cookie_notice.enable': true }), server: '{}' });
    const visitor = await browser.newPage();
    await visitor.goto('/contact');
    const notice = visitor.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.locator('[data-ad-slot]')).toHaveCount(0);
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(visitor.frameLocator('[data-ad-slot="general_top"] iframe').locator('#ad')).toHaveText('Buy popcorn cookie:blocked');
    // The choice is remembered: the next page shows the ad at once and no notice.
    await visitor.reload();
    await expect(visitor.frameLocator('[data-ad-slot="general_top"] iframe').locator('#ad')).toContainText('Buy popcorn');
    await expect(visitor.getByTestId('cookie-notice')).toHaveCount(0);
    await visitor.close();
  } finally {
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'ads.general_top': '', 'cookie_notice.enable': false }), server: '{}' });
  }
});

test('the footer\'s Cookie settings link brings the notice back: Decline then Accept starts the ads and the tag, Accept then Decline keeps them off', async ({ page, browser }) => {
  await login(page);
  try {
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'ads.general_top': AD, 'cookie_notice.enable': true, 'analytics.tracking_code': 'G-E2ECOOKIE' }), server: '{}' });
    const visitor = await browser.newPage();
    await visitor.route('https://www.googletagmanager.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await visitor.goto('/contact');
    const notice = visitor.getByTestId('cookie-notice');
    await notice.getByRole('button', { name: 'Decline' }).click();
    await expect(notice).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.locator('[data-ad-slot]')).toHaveCount(0);
    await expect(visitor.locator('#google-tag')).toHaveCount(0);
    // Changing one's mind: the footer link shows the notice again.
    await visitor.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toHaveCount(0);
    await expect(visitor.frameLocator('[data-ad-slot="general_top"] iframe').locator('#ad')).toContainText('Buy popcorn');
    await expect(visitor.locator('#google-tag')).toHaveCount(1);
    const tagSilenced = () => visitor.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-E2ECOOKIE'] === true);
    expect(await tagSilenced()).toBe(false);
    // And back: declining takes the ad away and silences the loaded tag now (Google's opt-out), and the next page starts neither.
    await visitor.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await notice.getByRole('button', { name: 'Decline' }).click();
    await expect(visitor.locator('[data-ad-slot]')).toHaveCount(0);
    await expect.poll(tagSilenced).toBe(true);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(visitor.locator('[data-ad-slot]')).toHaveCount(0);
    await expect(visitor.locator('#google-tag')).toHaveCount(0);
    await visitor.close();
  } finally {
    await api(page, 'POST', 'settings', { client: JSON.stringify({ 'ads.general_top': '', 'cookie_notice.enable': false, 'analytics.tracking_code': '' }), server: '{}' });
  }
});
