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

/** Where the header's logo, the page's content and the footer's copyright line start, and where the header's and footer's columns end. */
const edges = (page: Page, content: string) => page.evaluate((selector) => {
  const box = (el: Element | null) => el!.getBoundingClientRect();
  const text = (el: Element | null) => { const r = document.createRange(); r.selectNodeContents(el!); return r.getBoundingClientRect(); };
  const contentEnd = (el: Element | null) => box(el).right - parseFloat(getComputedStyle(el!).paddingRight);
  return {
    logo: Math.round(box(document.querySelector('header a')).left),
    content: Math.round(box(document.querySelector(selector)).left),
    footer: Math.round(text(document.querySelector('footer p span')).left),
    headerEnd: Math.round(contentEnd(document.querySelector('header > div'))),
    footerEnd: Math.round(contentEnd(document.querySelector('footer > div'))),
  };
}, content);

test('every public page uses one column: the header, the page and the footer line up at every width', async ({ browser }) => {
  test.setTimeout(120_000);
  // The home channels were 1536 px wide, browse and watch 1280, a title, a person and the news 1152, the header the screen.
  const pages = [
    ['/', '[data-testid="hero-slider"]'], ['/movies', 'main h1'], ['/titles/1', 'main [data-section] h2'],
    ['/people/1', 'main aside'], ['/news', 'main h1'], ['/watch/1', 'main h1'],
  ] as const;
  for (const width of [1280, 1920, 2560]) {
    const context = await browser.newContext({ viewport: { width, height: 1000 } });
    const page = await context.newPage();
    try {
      const seen = new Set<number>();
      for (const [path, content] of pages) {
        await page.goto(path);
        await expect(page.locator(content).first()).toBeVisible();
        await expect(page.locator('footer p span').first()).toBeVisible();
        const at = await edges(page, content);
        expect(Math.abs(at.content - at.logo), `${path} at ${width}: the page starts where the header does`).toBeLessThanOrEqual(1);
        expect(Math.abs(at.footer - at.logo), `${path} at ${width}: the footer starts where the header does`).toBeLessThanOrEqual(1);
        expect(Math.abs(at.footerEnd - at.headerEnd), `${path} at ${width}: the footer ends where the header does`).toBeLessThanOrEqual(1);
        seen.add(at.logo);
      }
      expect([...seen], `one column at ${width}`).toHaveLength(1);
    } finally {
      await context.close();
    }
  }
});

test('on a big screen the picture takes the page’s width, the other videos below it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  try {
    await page.goto('/watch/1');
    const player = page.locator('main [data-media-player], main [data-testid="embed-player"], main [data-testid="external-player"]').first();
    await expect(player).toBeVisible({ timeout: 30_000 });
    const picture = (await player.boundingBox())!;
    // Beside a 22 rem list in a 1280 px column the picture was 856 px wide on a 1920 px screen.
    expect(picture.width).toBeGreaterThan(1200);
    // It fits the window below the header.
    expect(picture.y + picture.height).toBeLessThanOrEqual(1080);
    const more = page.getByRole('heading', { name: 'More videos' });
    if (await more.count()) expect((await more.boundingBox())!.y).toBeGreaterThan(picture.y + picture.height);
  } finally {
    await context.close();
  }
  // A phone still gives the picture the whole width.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  try {
    await small.goto('/watch/1');
    const player = small.locator('main [data-media-player], main [data-testid="embed-player"], main [data-testid="external-player"]').first();
    await expect(player).toBeVisible({ timeout: 30_000 });
    expect(Math.round((await player.boundingBox())!.width)).toBe(390);
  } finally {
    await phone.close();
  }
});

test('the arrow keys change the hero’s slide wherever focus is in it, and the new slide is announced', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/');
  const slider = page.getByTestId('hero-slider');
  const heading = slider.getByRole('heading', { level: 2 });
  await expect(slider.getByRole('radio').nth(1)).toBeVisible();
  const first = (await heading.textContent()) ?? '';
  // Screen readers hear the slide change (the slides never turn on their own).
  await expect(slider.locator('[aria-roledescription="slide"]')).toHaveAttribute('aria-live', 'polite');
  // On the Next button, Enter worked but a remote's arrows did nothing.
  await slider.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(heading).not.toHaveText(first);
  await expect(slider.getByRole('button', { name: 'Next slide' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(heading).toHaveText(first);
  // From the slide's own links too, and focus stays in the carousel.
  await slider.getByRole('link', { name: 'More info' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(heading).not.toHaveText(first);
  expect(await slider.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('the site’s icons and the player’s controls grow with the big-screen scale', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 3840, height: 2160 } });
  const page = await context.newPage();
  try {
    await page.goto('/movies');
    await expect(page.locator('main li a').first()).toBeVisible();
    const icon = page.locator('header svg').first();
    await expect(icon).toBeVisible();
    // Sized in px (18 and 20), the header's icons stayed small beside 28 px text at 4K.
    expect((await icon.boundingBox())!.width).toBeGreaterThanOrEqual(30);
    // So did the player's controls (Vidstack sizes them in px): a 38 px Play button under a 2600 px picture.
    const videos = (await (await page.request.get('/api/v1/videos?perPage=100&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number; type: string }[];
    await page.goto(`/watch/${videos.find((v) => v.type === 'video')!.id}`);
    const play = page.locator('[data-media-player] .vds-play-button').first();
    await expect(play).toBeVisible({ timeout: 30_000 });
    expect((await play.boundingBox())!.width).toBeGreaterThanOrEqual(60);
  } finally {
    await context.close();
  }
});
