import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// The seeded demo catalogue: title 2 is a series with seasons, images and cast. Names come from the page calls.
const TITLE = 2;

test('landing → title → season → episode → next episode → back → cast member → back', async ({ page, request }) => {
  // Eight page visits in one journey.
  test.setTimeout(90_000);
  const title = await (await request.get(`/api/v1/titles/${TITLE}/page`)).json();
  const ep1 = await (await request.get(`/api/v1/titles/${TITLE}/seasons/1/episodes/1/page`)).json();
  expect(ep1.next).toBeTruthy();
  expect(ep1.cast.length).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();

  // The first render uses the data embedded in the HTML: no page call goes out.
  const pageCalls: string[] = [];
  page.on('request', (r) => { if (/\/api\/v1\/.*\/page\b/.test(r.url())) pageCalls.push(r.url()); });
  await page.goto(`/titles/${TITLE}/crimson-harbor`);
  await expect(page.getByRole('heading', { level: 1, name: title.title.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Facts' })).toBeVisible();
  expect(pageCalls).toEqual([]);
  // A series without a full video of its own plays its first episode.
  expect(title.play_episode).toEqual({ season: 1, episode: 1 });
  await expect(page.getByRole('link', { name: 'Play S1 E1' })).toHaveAttribute('href', `/watch/${title.play_video_id}`);

  // The episodes section opens on the latest season (a guest is in none); the picker lists another season's in place.
  const episodes = page.locator('[data-section="episodes"]');
  const picker = episodes.getByLabel('Season', { exact: true });
  expect(title.seasons.length).toBeGreaterThan(1);
  const latest = title.seasons.at(-1).number;
  await expect(picker).toHaveValue(String(latest));
  await expect(episodes.getByRole('listitem').first()).toContainText(`S${latest} E1 `);
  await picker.selectOption({ label: 'Season 1' });
  await expect(episodes.getByRole('listitem').first()).toContainText('S1 E1 ');
  await expect(episodes.getByRole('link', { name: new RegExp(ep1.episode.name) })).toBeVisible();
  await episodes.getByRole('link', { name: 'Season details' }).click();
  await expect(page).toHaveURL(new RegExp(`/titles/${TITLE}/[^/]+/season/1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Season 1' })).toBeVisible();
  // The season plays from its first episode with a video.
  await expect(page.getByRole('link', { name: 'Play S1 E1' })).toHaveAttribute('href', `/watch/${title.play_video_id}`);

  await page.locator('[data-section="episodes"]').getByRole('link', { name: new RegExp(ep1.episode.name) }).click();
  await expect(page).toHaveURL(/\/season\/1\/episode\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: ep1.episode.name })).toBeVisible();

  await page.getByRole('link', { name: new RegExp(ep1.next.name) }).and(page.locator('[rel="next"]')).click();
  await expect(page).toHaveURL(new RegExp(`/season/${ep1.next.season}/episode/${ep1.next.episode}$`));
  await expect(page.getByRole('heading', { level: 1, name: ep1.next.name })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: ep1.episode.name })).toBeVisible();

  const member = ep1.cast[0];
  await page.locator('[data-section="cast"]').getByRole('link', { name: new RegExp(member.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${member.id}/`));
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Biography' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/season\/1\/episode\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: ep1.episode.name })).toBeVisible();
});

test('image lightbox works with the keyboard', async ({ page, request }) => {
  const { title } = await (await request.get(`/api/v1/titles/${TITLE}/page`)).json();
  const count = title.images.length;
  expect(count).toBeGreaterThan(1);
  await page.goto(`/titles/${TITLE}/crimson-harbor`);
  const first = page.getByRole('button', { name: `Open image 1 of ${count}` });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Crimson Harbor images' });
  await expect(dialog).toBeVisible();
  // Tab and Shift+Tab go round the lightbox's buttons and never reach the page hidden behind it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus inside the lightbox after ${key}`).toBe(true);
  }
  await expect(dialog).toContainText(`1 / ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText(`2 / ${count}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toContainText(`${count} / ${count}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
});

test('unknown titles, seasons, episodes, people and paths show the not-found page with a 404', async ({ page }) => {
  test.setTimeout(60_000);
  for (const url of [`/titles/999999/nothing`, `/titles/${TITLE}/x/season/99`, `/titles/${TITLE}/x/season/1/episode/999`, '/people/999999/nobody', '/titles/abc', '/no/such/page', '/movies/12',
    '/pages/no-such-page', '/channel/no-such-channel', '/news/999999', '/watch/999999']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // The tab says so too, not the page's "Loading" it had while asking.
    await expect(page).toHaveTitle(/^Page not found/);
  }
});

test('visitors whose system asks for less motion get no transitions', async ({ page }) => {
  await page.goto(`/titles/${TITLE}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const animated = page.locator('[class*="transition"]').first();
  const duration = () => animated.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(await duration()).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await duration()).toBeLessThan(0.001);
});

test('a title page shares its address', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/titles/${TITLE}/crimson-harbor?from=row`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  // The page's own address, without the query it was opened with.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/titles/${TITLE}/crimson-harbor$`));
});

test('a long overview and a long biography show their first lines with a keyboard "Read more" toggle, at desktop and phone widths', async ({ page }) => {
  await login(page);
  const long = `${'A very long overview sentence that keeps going. '.repeat(400)}The end.`;
  const { title } = await api(page, 'POST', 'titles', { name: `Long Overview ${Date.now()}`, description: long });
  const { person } = await api(page, 'POST', 'people', { name: `Long Biography ${Date.now()}`, description: long });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [`/titles/${title.id}`, `/people/${person.id}`]) {
      await page.goto(url);
      const text = page.getByText('A very long overview sentence', { exact: false }).first();
      const toggle = page.getByRole('button', { name: 'Read more' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const clamped = (await text.boundingBox())!.height;
      expect(clamped, `${url} at ${width}`).toBeLessThan(300);
      // Keyboard: focused and pressed, it opens the rest, then closes it again.
      await toggle.focus();
      await page.keyboard.press('Enter');
      const less = page.getByRole('button', { name: 'Show less' });
      await expect(less).toHaveAttribute('aria-expanded', 'true');
      expect((await text.boundingBox())!.height).toBeGreaterThan(clamped * 5);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false');
      // Nothing overflows the page sideways at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  // A short overview has no toggle.
  await api(page, 'PUT', `titles/${title.id}`, { description: 'Short.' });
  await page.goto(`/titles/${title.id}`);
  await expect(page.getByText('Short.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read more' })).toHaveCount(0);
  await api(page, 'DELETE', `titles/${title.id}`);
  await api(page, 'DELETE', `people/${person.id}`);
});
