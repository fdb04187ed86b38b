import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { api, login } from './helpers';

interface V { id: number; name: string; type: string; season_num: number | null; episode_num: number | null; category: string; title_id: number }

/** The seeded series' first-season episode videos (the seed gives the first playable series one per episode). */
async function episodeVideos(request: APIRequestContext): Promise<V[]> {
  const res = await request.get('/api/v1/videos?perPage=100&orderBy=id&orderDir=asc');
  const all = (await res.json()).pagination.data as V[];
  const first = all.find((v) => v.season_num === 1 && v.episode_num === 1 && v.category === 'full')!;
  return all.filter((v) => v.title_id === first.title_id && v.season_num === 1 && v.category === 'full').sort((a, b) => a.episode_num! - b.episode_num!);
}

/** The visitor's CSRF token, read after a first call sets it. */
async function xsrf(page: Page): Promise<string> {
  await page.request.get('/api/v1/localizations/available');
  return decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
}

const time = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);
const state = (page: Page) => page.evaluate(() => {
  const v = document.querySelector('video')!;
  return { paused: v.paused, muted: v.muted, time: v.currentTime, volume: v.volume };
});

async function startPlaying(page: Page) {
  await expect(page.locator('video')).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector('video')!.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('k');
  await expect.poll(async () => (await state(page)).paused).toBe(false);
  await playerKnows(page, 'data-paused', false);
}

/**
 * Waits until the player's own state (its data attributes) has caught up with the video element's: the player
 * learns of play, pause and mute from the element's events a moment later, and a shortcut pressed before that acts
 * on the old state (Space pausing again instead of playing: it failed that way in CI).
 */
async function playerKnows(page: Page, attribute: string, on: boolean) {
  const player = page.locator('[data-media-player]').first();
  if (on) await expect(player).toHaveAttribute(attribute, /.*/);
  else await expect(player).not.toHaveAttribute(attribute, /.*/);
}

/** Signs in, plays a video past `seconds` and pauses it: the pause saves the position on the server. */
async function watchSignedIn(page: Page, videoId: number, seconds: number) {
  await login(page);
  await page.goto(`/watch/${videoId}`);
  await startPlaying(page);
  await expect.poll(() => time(page), { timeout: 15_000 }).toBeGreaterThan(seconds);
  // The report of the pause, not a periodic one still on its way (leaving before the pause's report is answered
  // would cancel it, and the server would keep the earlier position).
  const reports: Response[] = [];
  const collect = (r: Response) => { if (r.url().endsWith(`/videos/${videoId}/progress`)) reports.push(r); };
  page.on('response', collect);
  await page.keyboard.press('k');
  await expect.poll(async () => (await state(page)).paused).toBe(true);
  const stoppedAt = Math.floor(await time(page));
  const ofPause = () => reports.find((r) => (r.request().postDataJSON() as { position: number }).position === stoppedAt);
  await expect.poll(() => ofPause() !== undefined, { timeout: 10_000 }).toBe(true);
  page.off('response', collect);
  const response = ofPause()!;
  expect(response.status()).toBe(202);
  return { stoppedAt, sent: response.request().postDataJSON() as Record<string, unknown> };
}

test.describe('watch page', () => {
  // The player chunk is large and the machine may be busy: allow for a slow first load.
  test.describe.configure({ timeout: 120_000 });

  test('plays the seeded video with captions, counts the play, and resumes at the same second after a reload', async ({ page, request }) => {
    const [e1] = await episodeVideos(request);
    await page.goto(`/watch/${e1.id}`);
    await expect(page.getByRole('heading', { level: 1, name: e1.name })).toBeVisible({ timeout: 30_000 });
    // The timeline runs left to right in right-to-left languages too.
    await expect(page.locator('[data-media-player]').first()).toHaveAttribute('dir', 'ltr');
    const played = page.waitForResponse((r) => r.url().endsWith(`/videos/${e1.id}/plays`) && r.request().method() === 'POST');
    await startPlaying(page);
    // c turns the English track on; its cues show over the video.
    await page.keyboard.press('c');
    await expect(page.locator('[data-part="cue"]').first()).toHaveText(/StreamSite demo video|Captions come from a local .vtt file|Press C/, { timeout: 10_000 });
    expect((await played).status()).toBe(202);
    await expect.poll(() => time(page), { timeout: 15_000 }).toBeGreaterThan(7);
    await page.keyboard.press('k');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    const stoppedAt = Math.floor(await time(page));

    await page.reload();
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.readyState ?? 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => Math.floor(await time(page)), { timeout: 10_000 }).toBe(stoppedAt);
  });

  test("the player is named in the visitor's language, not by the player's own English label", async ({ page, browser }) => {
    const [e1] = await episodeVideos(page.request);
    await login(page);
    const { localization } = await api(page, 'POST', 'localizations', { name: 'Polski', language: 'pl' });
    const context = await browser.newContext();
    try {
      await api(page, 'PUT', `localizations/${localization.id}`, { lines: { 'Video player - :name': 'Odtwarzacz wideo - :name' } });
      const visitor = await context.newPage();
      const token = await xsrf(visitor);
      expect((await visitor.request.post('/api/v1/localizations/choose', { data: { language: 'pl' }, headers: { 'X-XSRF-TOKEN': token } })).status()).toBeLessThan(300);
      await visitor.goto(`/watch/${e1.id}`);
      await expect(visitor.locator('[data-media-player]').first()).toHaveAttribute('aria-label', `Odtwarzacz wideo - ${e1.name}`, { timeout: 30_000 });
    } finally {
      await context.close();
      await api(page, 'DELETE', `localizations/${localization.id}`);
    }
  });

  test('a signed-in viewer resumes from the position the server kept', async ({ page, request }) => {
    const [, e2] = await episodeVideos(request);
    const { stoppedAt } = await watchSignedIn(page, e2.id, 3);
    // Another browser profile with the same account: the position comes from the server, not localStorage.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect.poll(async () => Math.floor(await time(page)), { timeout: 10_000 }).toBe(stoppedAt);
  });

  test('a signed-in viewer finds an unfinished episode under Continue watching, resumes it from there, and can remove it', async ({ page, request }) => {
    const [, , e3] = await episodeVideos(request);
    const { stoppedAt, sent } = await watchSignedIn(page, e3.id, 7);
    // The player sends the video's length with the position, so the row can show how far the viewer got.
    expect(sent).toMatchObject({ duration: 30 });

    await page.goto('/');
    const row = page.getByTestId('continue-watching');
    const card = row.getByTestId('continue-card').filter({ hasText: 'S1 E3' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole('progressbar', { name: 'Watched' })).toHaveAttribute('aria-valuenow', String(Math.round((stoppedAt / 30) * 100)));
    // Beside it, titles like the one just watched.
    const watched = (await card.locator('span.font-medium').textContent())!;
    const like = page.getByRole('region', { name: `Because you watched ${watched}` });
    await expect(like.getByTestId('poster-card').first()).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/watch/${e3.id}$`));
    await expect.poll(async () => Math.floor(await time(page)), { timeout: 15_000 }).toBe(stoppedAt);

    // The title page offers the same point.
    await page.goto(`/titles/${e3.title_id}`);
    await expect(page.getByRole('link', { name: 'Resume S1 E3' })).toHaveAttribute('href', `/watch/${e3.id}`);
    // So does the episode's own page.
    await page.goto(`/titles/${e3.title_id}/season/1/episode/3`);
    await expect(page.getByRole('link', { name: 'Resume S1 E3' })).toHaveAttribute('href', `/watch/${e3.id}`);
    // The season's episode list shows how far the viewer got.
    await page.goto(`/titles/${e3.title_id}/season/1`);
    const listed = page.getByRole('listitem').filter({ hasText: 'S1 E3' });
    await expect(listed.getByRole('progressbar', { name: 'Watched' })).toHaveAttribute('aria-valuenow', String(Math.round((stoppedAt / 30) * 100)));

    // From the title page to the home page inside the app, so going back shows the title page the app has cached.
    await page.goto(`/titles/${e3.title_id}`);
    await expect(page.getByRole('link', { name: 'Resume S1 E3' })).toBeVisible();
    await page.locator('header a[href="/"]').first().click();
    await row.getByRole('button', { name: `Remove ${watched} from Continue watching` }).click();
    await expect(card).toHaveCount(0);
    // Forgotten there, forgotten on the title page too.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/titles/${e3.title_id}$`));
    await expect(page.getByRole('link', { name: /^Play/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Resume S1 E3' })).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByTestId('channel-row').first()).toBeVisible();
    await expect(page.getByTestId('continue-card').filter({ hasText: 'S1 E3' })).toHaveCount(0);
  });

  test('back from the player, the title page already shows what was just watched: a finished episode is no longer offered', async ({ page, request }) => {
    const [, e2] = await episodeVideos(request);
    // Past the first seconds, so the point is worth resuming.
    await watchSignedIn(page, e2.id, 7);
    // Positions are written a moment after the answer: reload until the title page offers this one.
    const resume = page.getByRole('link', { name: 'Resume S1 E2' });
    await expect(async () => {
      await page.goto(`/titles/${e2.title_id}`);
      await expect(resume).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    // Within the app: the title page stays cached while the episode is watched to its end.
    await resume.click();
    await expect(page).toHaveURL(new RegExp(`/watch/${e2.id}$`));
    await startPlaying(page);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/videos/${e2.id}/progress`) && (r.request().postDataJSON() as { position: number }).position >= 29);
    await page.evaluate(() => { document.querySelector('video')!.currentTime = 29; });
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(29);
    await page.keyboard.press('k');
    await saved;
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/titles/${e2.title_id}`));
    await expect(page.getByRole('link', { name: 'Play S1 E1' })).toBeVisible();
    await expect(resume).toHaveCount(0);
  });

  test('up-next opens the next episode', async ({ page, request }) => {
    const [e1, e2] = await episodeVideos(request);
    await page.goto(`/watch/${e1.id}`);
    const card = page.getByTestId('up-next');
    await expect(card).toContainText('S1 E2', { timeout: 30_000 });
    await card.getByRole('link', { name: 'Play next' }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${e2.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: e2.name })).toBeVisible({ timeout: 30_000 });
    // The title's other videos are listed beside the player.
    await expect(page.getByRole('complementary', { name: 'More videos' }).getByRole('link', { name: new RegExp(e1.name) })).toBeVisible();
  });

  test('an embed video without a thumbnail shows its title\'s picture under More videos and on the title page, not a black tile', async ({ page, request }) => {
    const [e1] = await episodeVideos(request);
    const title = (await (await request.get(`/api/v1/titles/${e1.title_id}`)).json()).title;
    await login(page);
    const name = `Thumbless embed ${Date.now()}`;
    const { video } = await api(page, 'POST', 'videos', { name, title_id: e1.title_id, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip' });
    try {
      await page.goto(`/watch/${e1.id}`);
      const card = page.getByRole('complementary', { name: 'More videos' }).getByRole('link', { name: new RegExp(name) });
      await expect(card).toBeVisible({ timeout: 30_000 });
      // The title's backdrop (or poster) stands in; with neither, a film icon on the card's tile.
      const picture = title.backdrop || title.poster;
      if (picture) await expect(card.locator('img')).toHaveAttribute('src', picture);
      else await expect(card.getByTestId('video-picture-placeholder')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('more-videos.png') });
      await page.goto(`/titles/${e1.title_id}`);
      const tile = page.getByRole('link', { name: new RegExp(name) });
      if (await tile.count()) await expect(tile.locator('img, [data-testid="video-picture-placeholder"]')).toHaveCount(1);
    } finally {
      await api(page, 'DELETE', `videos/${video.id}`);
    }
  });

  test('keyboard shortcuts: space and k play and pause, m mutes, arrows seek, f goes fullscreen', async ({ page, request }) => {
    const [, , e3] = await episodeVideos(request);
    await page.goto(`/watch/${e3.id}`);
    await startPlaying(page);
    // A viewer who reached the player with the keyboard: the shortcuts answer from the focused player. Focus goes
    // back to the player before each key, as a control that took it would also act on Space itself.
    const press = async (key: string) => {
      await page.locator('[data-media-player]').first().focus();
      await page.keyboard.press(key);
    };
    await press('Space');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    await playerKnows(page, 'data-paused', true);
    await press('Space');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    await playerKnows(page, 'data-paused', false);
    await press('m');
    await expect.poll(async () => (await state(page)).muted).toBe(true);
    await playerKnows(page, 'data-muted', true);
    await press('m');
    await expect.poll(async () => (await state(page)).muted).toBe(false);
    await playerKnows(page, 'data-muted', false);
    await press('k');
    const before = await time(page);
    await press('ArrowRight');
    await expect.poll(() => time(page)).toBeGreaterThan(before + 4);
    const ahead = await time(page);
    await press('ArrowLeft');
    await expect.poll(() => time(page)).toBeLessThan(ahead - 4);
    await press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    // The player learns of fullscreen from the browser's fullscreenchange event, a moment after the document does:
    // pressing f before that asks it to enter again instead of leaving (it failed once that way in CI).
    await expect(page.locator('[data-media-player]').first()).toHaveAttribute('data-fullscreen', /.*/);
    await press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
  });

  test("the player's buttons and settings menu speak the visitor's language", async ({ page, browser, request }) => {
    const [e1] = await episodeVideos(request);
    await login(page);
    const { localization } = await api(page, 'POST', 'localizations', { name: 'Nederlands', language: 'nl' });
    const context = await browser.newContext();
    try {
      await api(page, 'PUT', `localizations/${localization.id}`, { lines: { Play: 'Afspelen', Mute: 'Dempen', Settings: 'Instellingen', Speed: 'Snelheid' } });
      const visitor = await context.newPage();
      await visitor.request.post('/api/v1/localizations/choose', { data: { language: 'nl' }, headers: { 'X-XSRF-TOKEN': await xsrf(visitor) } });
      await visitor.goto(`/watch/${e1.id}`);
      const player = visitor.locator('[data-media-player]').first();
      await expect(player.getByRole('button', { name: 'Afspelen' }).first()).toBeVisible({ timeout: 30_000 });
      await expect(player.getByRole('button', { name: 'Dempen' })).toBeVisible();
      await player.getByRole('button', { name: 'Instellingen' }).click();
      await expect(visitor.getByRole('menuitem', { name: /Snelheid/ })).toBeVisible();
    } finally {
      await context.close();
      await api(page, 'DELETE', `localizations/${localization.id}`);
    }
  });

  test('an unknown or unapproved video is the not-found page', async ({ page }) => {
    await page.goto('/watch/99999999');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 30_000 });
  });

  test('a video whose file is missing says so and offers to try again, instead of spinning on black', async ({ page }) => {
    await login(page);
    const titles = await (await page.request.get('/api/v1/titles?perPage=10')).json();
    const { video } = await api(page, 'POST', 'videos', {
      name: 'Missing file', title_id: titles.pagination.data[0].id, type: 'video', src: '/storage/e2e-missing/none.mp4', category: 'clip',
    });
    try {
      await page.goto(`/watch/${video.id}`);
      const alert = page.getByRole('alert').filter({ hasText: 'This video could not be played.' });
      await expect(alert).toBeVisible({ timeout: 30_000 });
      await expect(alert.getByText('Its file is missing or could not be loaded. Please try again later.')).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      // Trying again loads the source once more (still missing here, so the message comes back).
      const retried = page.waitForResponse((r) => r.url().endsWith('/storage/e2e-missing/none.mp4'));
      await alert.getByRole('button', { name: 'Try again' }).click();
      await retried;
      await expect(page.getByRole('alert').filter({ hasText: 'This video could not be played.' })).toBeVisible({ timeout: 30_000 });
    } finally {
      await api(page, 'DELETE', `videos/${video.id}`);
    }
  });

  test('an HLS stream plays', async ({ page }) => {
    const hasFfmpeg = (() => {
      try { execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' }); return true; } catch { return false; }
    })();
    test.skip(!hasFfmpeg, 'ffmpeg is not installed: this test generates its HLS stream with it (apt-get install ffmpeg)');
    // A 12-second test pattern cut into 2-second segments, written into the public disk of the e2e server.
    const dir = path.resolve(fileURLToPath(import.meta.url), '../../../storage/e2e/public/e2e-hls');
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=12', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '50',
      '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', path.join(dir, 'index.m3u8')], { cwd: os.tmpdir() });
    await login(page);
    const titles = await (await page.request.get('/api/v1/titles?perPage=10')).json();
    const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const res = await page.request.post('/api/v1/videos', {
      data: { name: 'HLS stream', title_id: titles.pagination.data[0].id, type: 'stream', src: '/storage/e2e-hls/index.m3u8', category: 'full' },
      headers: { 'X-XSRF-TOKEN': csrf },
    });
    const { video } = await res.json();
    const hlsChunk = page.waitForResponse((r) => /\/assets\/hls-.*\.js$/.test(r.url()));
    await page.goto(`/watch/${video.id}`);
    await hlsChunk;
    await startPlaying(page);
    await expect.poll(() => time(page), { timeout: 15_000 }).toBeGreaterThan(2);
  });

  test('a member votes a video up, changes to down, takes it back; a guest sees the counts', async ({ page, browser, request }) => {
    const [, e2] = await episodeVideos(request);
    await login(page);
    await page.goto(`/watch/${e2.id}`);
    const votes = page.getByRole('group', { name: 'Rate this video' });
    const up = votes.getByRole('button', { name: /^I like this/ });
    const down = votes.getByRole('button', { name: /^I dislike this/ });
    const before = (await (await page.request.get(`/api/v1/videos/${e2.id}/watch`)).json()).video;
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAccessibleName(`I like this (${before.upvotes + 1})`);
    await down.click();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(down).toHaveAccessibleName(`I dislike this (${before.downvotes + 1})`);

    const visitor = await browser.newPage();
    await visitor.goto(`/watch/${e2.id}`);
    await expect(visitor.getByTestId('video-votes').getByText(new RegExp(`^${before.downvotes + 1} dislikes?$`))).toHaveCount(1);
    await expect(visitor.getByRole('button', { name: /I dislike this/ })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Report video' })).toHaveCount(0);
    await visitor.close();

    // A member reports the video once; the admin's videos table counts it.
    const reports = async () => (await (await page.request.get(`/api/v1/videos/${e2.id}`)).json()).video.reports_count as number;
    const reportsBefore = await reports();
    await page.getByRole('button', { name: 'Report video' }).click();
    // It asks why first (optional); sending it empty reports without a reason.
    await page.getByRole('dialog', { name: 'Report video' }).getByRole('button', { name: 'Report' }).click();
    await expect(page.getByRole('status').getByText('Video reported')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Video reported' })).toBeDisabled();
    expect(await reports()).toBe(reportsBefore + 1);

    await down.click();
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    await expect(down).toHaveAccessibleName(`I dislike this (${before.downvotes})`);
  });
});
