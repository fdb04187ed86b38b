import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** A visitor on a big screen (a TV at 1440p or 4K) with only a keyboard or a remote. */

/** The root font size, the width of the browse page's column and the size of a poster's title there. */
const measure = (page: Page) => page.evaluate(() => {
  const column = document.querySelector('main h1')!.closest('div.mx-auto')!;
  const posterTitle = document.querySelector('main li a')!;
  return {
    root: parseFloat(getComputedStyle(document.documentElement).fontSize),
    column: column.getBoundingClientRect().width / window.innerWidth,
    text: parseFloat(getComputedStyle(posterTitle).fontSize),
  };
});

test('past 1920 px the site grows with the screen instead of a narrow column of small text in wide gutters', async ({ browser }) => {
  const sizes = [];
  for (const [width, height, deviceScaleFactor] of [[1920, 1080, 1], [1920, 1080, 2], [2560, 1440, 1], [3840, 2160, 1]] as const) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
    const page = await context.newPage();
    try {
      await page.goto('/movies');
      await expect(page.locator('main li a').first()).toBeVisible();
      sizes.push({ width, deviceScaleFactor, ...(await measure(page)) });
    } finally {
      await context.close();
    }
  }
  const [hd, uhdAt200, qhd, uhd] = sizes;
  // 1080p (and anything narrower) keeps the design as it was.
  expect(hd.root).toBe(16);
  expect(qhd.root).toBe(20);
  expect(uhd.root).toBe(28);
  // A 4K television at 200 % lays out 1920 px, and its pixels already make everything twice as big.
  expect(uhdAt200.root).toBe(16);
  // At 4K the page used a third of the screen (1280 of 3840 px) with 14 px titles under the posters.
  expect(uhd.column).toBeGreaterThan(0.5);
  expect(uhd.text).toBeGreaterThanOrEqual(24);
  // At 1440p it used half the screen (1280 of 2560 px).
  expect(qhd.column).toBeGreaterThan(0.6);
});

test('the admin area keeps its own size on a big screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 3840, height: 2160 } });
  const page = await context.newPage();
  try {
    await login(page);
    await page.goto('/movies');
    await expect(page.locator('html')).toHaveAttribute('data-site-scale', '');
    // Into the admin without a reload, as a member does: the site's mark goes with the site's shell.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Admin area' }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-site-scale');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
  } finally {
    await context.close();
  }
});

test('a keyboard user who tabs onto the player sees where focus is', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const videos = (await (await request.get('/api/v1/videos?perPage=100&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number; type: string }[];
  const video = videos.find((v) => v.type === 'video')!;
  await page.goto(`/watch/${video.id}`);
  const player = page.locator('[data-media-player]');
  await expect(player).toBeVisible({ timeout: 30_000 });
  let onPlayer = false;
  for (let i = 0; i < 40 && !onPlayer; i++) {
    await page.keyboard.press('Tab');
    onPlayer = await player.evaluate((el) => el === document.activeElement);
  }
  expect(onPlayer).toBe(true);
  // Vidstack's theme took the outline away from the player: the Tab stop showed nothing at all.
  const ring = await player.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }));
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
});
