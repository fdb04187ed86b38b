import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, login, pickDate, signInAsDelegate } from './helpers';

interface V { id: number; name: string; season_num: number | null; episode_num: number | null; category: string; title_id: number }

/** The seeded series' first episode video and its title. */
async function firstEpisode(request: APIRequestContext): Promise<{ video: V; titleName: string }> {
  const res = await request.get('/api/v1/videos?perPage=100&orderBy=id&orderDir=asc');
  const video = ((await res.json()).pagination.data as V[]).find((v) => v.season_num === 1 && v.episode_num === 1 && v.category === 'full')!;
  const title = await (await request.get(`/api/v1/titles/${video.title_id}`)).json();
  return { video, titleName: title.title.name };
}

test.describe('analytics report', () => {
  // Rollups run at every scheduler tick (5 s on the e2e server, playwright.config.ts): the report waits for the next one.
  test.describe.configure({ timeout: 120_000 });

  test('plays and visits show in the report, the map drills into a country and back, and insights open', async ({ browser, page, request }) => {
    const { video, titleName } = await firstEpisode(request);

    // A visitor from St Albans (GB, in geoip-lite's data) browses and plays.
    const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '81.2.69.142' } });
    const site = await visitor.newPage();
    const beacons: string[] = [];
    site.on('request', (r) => { if (r.url().endsWith('/api/v1/reports/visits')) beacons.push(r.postData() ?? ''); });
    await site.goto('/movies');
    await site.goto(`/titles/${video.title_id}`);
    await expect(site.getByRole('heading', { level: 1, name: titleName })).toBeVisible({ timeout: 30_000 });
    // The title page's beacon leaves after the page renders: wait for it before leaving the page (a loaded machine
    // could navigate away first).
    await expect.poll(() => beacons.some((b) => b.includes(`"model_type":"title"`)), { timeout: 15_000 }).toBe(true);
    await site.goto(`/watch/${video.id}`);
    await expect(site.locator('video')).toHaveCount(1, { timeout: 30_000 });
    await expect.poll(() => site.evaluate(() => document.querySelector('video')!.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const played = site.waitForResponse((r) => r.url().endsWith(`/videos/${video.id}/plays`) && r.request().method() === 'POST');
    await site.keyboard.press('k');
    expect((await played).status()).toBe(202);
    expect(beacons.some((b) => b.includes(`"model_type":"title"`))).toBe(true);
    await visitor.close();

    await login(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Analytics report' })).toBeVisible();
    // The default range is the third preset.
    await expect(page.getByTestId('range-picker')).toHaveValue('last7');
    // The demo seed's plays and visits come from elsewhere (seed/analytics.ts): the United Kingdom is this visitor's.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('locations').getByRole('button', { name: /^United Kingdom: / })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await expect(page.getByTestId('top-series').getByRole('link', { name: titleName })).toBeVisible();
    await expect(page.getByTestId('header-report')).toContainText('Plays');

    // The home page's "Most watched this week" row ranks by the same plays (its auto update runs daily, or now).
    await page.goto('/admin/channels/most-watched/edit');
    const updated = page.waitForResponse((r) => r.url().endsWith('/auto-update') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Update now' }).click();
    expect((await updated).status()).toBe(200);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Most watched this week' }).getByText(titleName, { exact: true })).toBeVisible();
    await page.goto('/admin');

    for (const preset of ['today', 'yesterday', 'last30', 'last90', 'last365', 'last7']) {
      await page.getByTestId('range-picker').selectOption(preset);
      await expect(page).toHaveURL(new RegExp(`range=${preset}`));
      await expect(page.getByTestId('plays-chart').getByRole('img')).toBeVisible();
    }

    // A custom range starts as the range that was showing; its days go in the URL and the report follows them.
    await page.getByTestId('range-picker').selectOption('custom');
    await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    const custom = page.waitForRequest((r) => r.url().includes('/admin/reports?') && r.url().includes('startDate=2025-01-15'));
    await pickDate(page, 'From', '2025-01-15');
    await custom;
    await expect(page.getByTestId('plays-chart').getByRole('img')).toBeVisible();
    // An end before the start is refused on both days, and nothing is asked for.
    const asked: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/admin/reports?')) asked.push(r.url()); });
    await page.goto('/admin/plays?range=custom&from=2025-03-10&to=2025-03-01');
    await expect(page.getByText('Enter a date before Mar 1, 2025')).toBeVisible();
    await expect(page.getByText('Enter a date after Mar 10, 2025')).toBeVisible();
    await page.goto('/admin/plays?range=custom&from=2019-01-01&to=2025-03-01');
    await expect(page.getByText('The range can be at most 5 years.')).toBeVisible();
    expect(asked).toEqual([]);
    await expect(page.getByTestId('plays-chart')).toHaveCount(0);
    await page.getByTestId('range-picker').selectOption('last7');
    await expect(page.getByTestId('plays-chart').getByRole('img')).toBeVisible();

    await page.getByRole('link', { name: 'Visitors' }).click();
    await expect(page).toHaveURL(/\/admin\/visitors/);
    await expect(page.getByTestId('page-views').getByRole('img')).toBeVisible();
    const map = page.getByTestId('world-map');
    // By keyboard: the country's shape zooms on Enter, focus moves to Back, and Back puts it back on the country.
    await map.getByRole('button', { name: /^United Kingdom: / }).focus();
    await page.keyboard.press('Enter');
    await expect(map.getByRole('button', { name: 'Back' })).toBeFocused();
    await expect(map.getByTestId('city-marker')).toHaveCount(1);
    await expect(map.getByRole('row', { name: /St Albans/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(map.getByRole('button', { name: /^United Kingdom: / })).toBeFocused();
    // From the table beside the map, Back returns to the country's row.
    await map.getByRole('row', { name: /United Kingdom/ }).getByRole('button').click();
    await expect(map.getByRole('button', { name: 'Back' })).toBeFocused();
    await map.getByRole('button', { name: 'Back' }).click();
    await expect(map.getByRole('row', { name: /United Kingdom/ }).getByRole('button')).toBeFocused();
    // Escape leaves the zoomed country as Back does, and focus goes back to the country.
    await page.keyboard.press('Enter');
    await expect(map.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(map.getByTestId('city-marker')).toHaveCount(0);
    await expect(map.getByRole('row', { name: /United Kingdom/ }).getByRole('button')).toBeFocused();

    // Insights of the title, reached from its admin screen; cards load as they scroll into view.
    await page.goto(`/admin/titles/${video.title_id}/edit`);
    await page.getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/titles/${video.title_id}/insights`));
    await expect(page.getByRole('link', { name: `Back to ${titleName}` })).toHaveAttribute('href', `/admin/titles/${video.title_id}/edit`);
    await expect(page.getByTestId('insight-plays').getByRole('img')).toBeVisible();
    // The map's card is below the first screen: it waits until scrolled to.
    await expect(page.getByTestId('insight-locations')).toContainText('Loading…');
    await page.getByTestId('insight-locations').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('insight-locations').getByRole('row').first()).toBeVisible();
    await expect(page.getByTestId('insight-episodes').getByRole('row').first()).toBeVisible();
    for (const path of [`titles/${video.title_id}/insights/seasons/1`, `titles/${video.title_id}/insights/seasons/1/episodes/1`, `videos/${video.id}/insights`]) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByTestId('insight-plays')).toContainText('Plays');
      await expect(page.getByTestId('insight-devices').getByRole('row').first()).toBeVisible();
    }
    // A title, video or season that does not exist: one not-found page, no cards.
    for (const path of ['titles/999999/insights', 'videos/999999/insights', `titles/${video.title_id}/insights/seasons/99`]) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByTestId('insight-plays')).toHaveCount(0);
    }
  });
});

test("the custom range's calendars fit the window and speak the reader's language", async ({ page }) => {
  await login(page);
  const created = await page.request.post('/api/v1/localizations', {
    data: { name: 'العربية', language: 'ar' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') },
  });
  // Another spec of the run may have made it already.
  expect([200, 422]).toContain(created.status());
  await signInAsDelegate(page, `report-reader-${Date.now()}@example.com`, ['reports.view']);
  await page.goto('/admin/plays?range=custom&from=2026-11-01&to=2026-11-30');
  // The last field of the row opens its calendar leftwards rather than past the window's edge.
  await page.getByRole('button', { name: /^To / }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  const box = (await calendar.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.keyboard.press('Escape');

  await api(page, 'POST', 'localizations/choose', { language: 'ar' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('button[aria-haspopup="dialog"]').first().click();
  const november = await page.evaluate(() => new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(new Date('2026-11-15T00:00:00Z')));
  await expect(page.getByRole('dialog').locator('select').first().locator('option:checked')).toHaveText(november);
});

test('staff who only read reports get no links to screens they may not open', async ({ page, request }) => {
  const { video } = await firstEpisode(request);
  await signInAsDelegate(page, `report-only-${Date.now()}@example.com`, ['reports.view']);
  await page.goto(`/admin/videos/${video.id}/insights`);
  await expect(page.getByRole('heading', { name: 'Video insights' })).toBeVisible();
  // The heading names the video once the insights answer arrives (reports-only staff cannot read the video itself).
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Video insights: .+/);
  await expect(page.getByTestId('insight-plays').getByTestId('line-chart')).toBeVisible();
  // The edit screens answer "no access" to them: no "Back to" link leads there.
  await expect(page.getByRole('link', { name: /^Back to/ })).toHaveCount(0);
  await page.goto(`/admin/titles/${video.title_id}/insights`);
  await expect(page.getByRole('heading', { name: 'Title insights' })).toBeVisible();
  await expect(page.getByTestId('insight-plays').getByTestId('line-chart')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Back to/ })).toHaveCount(0);
  // Nor does a top user's name open the users table's edit screen.
  await page.goto('/admin/plays?range=last365');
  await expect(page.getByTestId('top-users')).toBeVisible();
  await expect(page.getByTestId('top-users').locator('a[href^="/admin/users/"]')).toHaveCount(0);
});

test("staff whose only role reads reports see a series' most played seasons and episodes", async ({ page, request }) => {
  const { video } = await firstEpisode(request);
  await login(page);
  // Only this role: no default role, so the title itself answers "no access" to them.
  const stamp = Date.now();
  const role = (await api(page, 'POST', 'roles', { name: `Reports only ${stamp}`, permissions: [{ name: 'admin.access' }, { name: 'reports.view' }] })).role;
  const user = (await api(page, 'POST', 'users', { email: `reports-role-${stamp}@example.com`, password: 'delegate-password', email_verified_at: true, roles: [role.id] })).user;
  try {
    await page.context().clearCookies();
    await login(page, `reports-role-${stamp}@example.com`, 'delegate-password');
    expect((await page.request.get(`/api/v1/titles/${video.title_id}`)).status()).toBe(403);
    await page.goto(`/admin/titles/${video.title_id}/insights`);
    await expect(page.getByRole('heading', { name: 'Title insights' })).toBeVisible();
    // The insights call itself says the title is a series.
    await expect(page.getByTestId('insight-seasons')).toContainText('Most played seasons');
    await expect(page.getByTestId('insight-episodes')).toContainText('Most played episodes');
  } finally {
    await page.context().clearCookies();
    await login(page);
    await api(page, 'DELETE', `users/${user.id}`);
    await api(page, 'DELETE', `roles/${role.id}`);
  }
});
