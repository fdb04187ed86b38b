import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login } from './helpers';

/** Issue 15: an admin uploads a clip on the video form, watches it transcode, and a visitor plays the ladder. */
test.describe('transcoding an uploaded video', () => {
  test.describe.configure({ timeout: 420_000 });

  test('upload → progress to 100% → a visitor plays the stream with a quality switch and scrubbing thumbnails', async ({ page, browser }) => {
    const hasFfmpeg = (() => {
      try { execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' }); return true; } catch { return false; }
    })();
    test.skip(!hasFfmpeg, 'ffmpeg is not installed (apt-get install ffmpeg)');
    // 640×360 for 4 s with sound: the ladder gets 240p and 360p (never upscaled to 480p and above).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-transcode-'));
    const clip = path.join(dir, 'my clip (final).mp4');
    execFileSync('ffmpeg', ['-y', '-v', 'error', '-threads', '1', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=15:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1', '-c:a', 'aac', '-shortest', clip]);

    await login(page);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const titles = await (await page.request.get('/api/v1/titles?perPage=10')).json();
    const res = await page.request.post('/api/v1/videos', {
      data: { name: 'Transcoded clip', title_id: titles.pagination.data[0].id, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip' },
      headers: { 'X-XSRF-TOKEN': csrf },
    });
    const { video } = await res.json();

    await page.goto(`/admin/videos/${video.id}/edit`);
    await page.getByLabel('Choose a video file').setInputFiles(clip);
    const progress = page.getByTestId('transcode-progress');
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(progress).toContainText('Transcoded 100%', { timeout: 180_000 });
    // The form reloads the video: it is now a stream.
    await expect(page.getByLabel('Type')).toHaveValue('stream', { timeout: 15_000 });

    await page.goto('/admin/videos');
    await expect(page.getByRole('row', { name: /Transcoded clip/ }).getByText('Transcoded', { exact: true })).toBeVisible({ timeout: 30_000 });

    const visitor = await browser.newPage();
    const thumbnails = visitor.waitForResponse((r) => r.url().endsWith('/thumbnails.vtt') && r.status() === 200, { timeout: 120_000 });
    // The sprite the thumbnails track names is fetched beside the track, not beside the page (/watch/sprite.jpg).
    const sprite = visitor.waitForResponse((r) => r.url().endsWith('/sprite.jpg'), { timeout: 120_000 });
    await visitor.goto(`/watch/${video.id}`);
    // The player chunk and hls.js are large and the machine may be busy: allow for a slow first load.
    await expect(visitor.locator('video')).toHaveCount(1, { timeout: 90_000 });
    await thumbnails;
    const spriteResponse = await sprite;
    expect(new URL(spriteResponse.url()).pathname).toMatch(/^\/storage\/videos\/\d+\/hls\/[\w-]+\/sprite\.jpg$/);
    expect(spriteResponse.status()).toBe(200);
    await expect.poll(() => visitor.evaluate(() => document.querySelector('video')!.readyState), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await visitor.keyboard.press('k');
    await expect.poll(() => visitor.evaluate(() => document.querySelector('video')!.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.2);

    // Switch quality in the player's settings menu (Auto starts on the lowest rung): 360p frames then play.
    await visitor.getByRole('button', { name: 'Settings' }).click();
    await visitor.getByRole('menuitem', { name: 'Quality' }).click();
    await expect(visitor.getByRole('menuitemradio', { name: /^240p/ })).toBeVisible();
    await visitor.getByRole('menuitemradio', { name: /^360p/ }).click();
    await expect(visitor.getByRole('menuitemradio', { name: /^360p/ })).toHaveAttribute('aria-checked', 'true');
    await visitor.evaluate(() => { const v = document.querySelector('video')!; v.currentTime = 0; v.play().catch(() => undefined); });
    await expect.poll(() => visitor.evaluate(() => document.querySelector('video')!.videoHeight), { timeout: 30_000 }).toBe(360);
    await visitor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a visitor waiting on a video being prepared gets the player without reloading; the admin preview plays the stream', async ({ page, browser }) => {
    const hasFfmpeg = (() => {
      try { execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' }); return true; } catch { return false; }
    })();
    test.skip(!hasFfmpeg, 'ffmpeg is not installed (apt-get install ffmpeg)');
    // 20 s: long enough that the job is cancelled long before it could finish.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-transcode-'));
    const clip = path.join(dir, 'waited.mp4');
    execFileSync('ffmpeg', ['-y', '-v', 'error', '-threads', '1', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=10:duration=20', '-f', 'lavfi', '-i', 'sine=duration=20',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1', '-c:a', 'aac', '-shortest', clip]);

    await login(page);
    const headers = { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value };
    const titles = await (await page.request.get('/api/v1/titles?perPage=10')).json();
    const { video } = await (await page.request.post('/api/v1/videos', {
      data: { name: 'Waited clip', title_id: titles.pagination.data[0].id, type: 'embed', src: 'https://www.youtube.com/embed/x', category: 'clip' }, headers,
    })).json();
    const state = async () => (await (await page.request.get(`/api/v1/videos/${video.id}/transcode`)).json()).transcode?.state as string | undefined;

    await page.goto(`/admin/videos/${video.id}/edit`);
    await page.getByLabel('Choose a video file').setInputFiles(clip);
    await expect.poll(state, { timeout: 60_000 }).toMatch(/^(queued|probing|running)$/);
    // Held back (cancelled, nothing saved since): the video stays "being prepared" until the retry finishes.
    expect((await page.request.post(`/api/v1/videos/${video.id}/transcode/cancel`, { headers })).status()).toBe(200);

    const visitor = await browser.newPage();
    await visitor.goto(`/watch/${video.id}`);
    await expect(visitor.getByText('This video is being prepared.')).toBeVisible({ timeout: 30_000 });
    await expect(visitor.locator('video')).toHaveCount(0);

    expect((await page.request.post(`/api/v1/videos/${video.id}/transcode/retry`, { headers })).status()).toBe(200);
    await expect.poll(state, { timeout: 240_000, intervals: [1000] }).toBe('done');
    // The page asks again while the video is being prepared: the player comes without a reload.
    await expect(visitor.locator('video')).toHaveCount(1, { timeout: 45_000 });
    await expect(visitor.getByText('This video is being prepared.')).toHaveCount(0);
    await visitor.close();

    // The form's preview is the site's player: the stream plays there, with its quality levels.
    await page.reload();
    const preview = page.getByTestId('video-preview');
    await expect(preview.locator('video')).toHaveCount(1, { timeout: 90_000 });
    await expect.poll(() => preview.evaluate((el) => el.querySelector('video')!.readyState), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    // The player lays out its controls once it is on screen.
    await preview.scrollIntoViewIfNeeded();
    await preview.getByRole('button', { name: 'Play' }).click({ timeout: 30_000 });
    await expect.poll(() => preview.evaluate((el) => el.querySelector('video')!.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.2);
    await preview.getByRole('button', { name: 'Settings' }).click({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Quality' }).click();
    await expect(page.getByRole('menuitemradio', { name: /^240p/ })).toBeVisible();
    await page.keyboard.press('Escape');

    expect((await page.request.delete(`/api/v1/videos/${video.id}`, { headers })).status()).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  test('a new video is added by uploading its file on the "new video" screen, with no made-up source', async ({ page }) => {
    const hasFfmpeg = (() => {
      try { execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' }); return true; } catch { return false; }
    })();
    test.skip(!hasFfmpeg, 'ffmpeg is not installed (apt-get install ffmpeg)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-transcode-'));
    const clip = path.join(dir, 'new upload.mp4');
    execFileSync('ffmpeg', ['-y', '-v', 'error', '-threads', '1', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1', '-c:a', 'aac', '-shortest', clip]);

    await login(page);
    const headers = { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value };
    const titles = await (await page.request.get('/api/v1/titles?perPage=10')).json();
    await page.goto(`/admin/titles/${titles.pagination.data[0].id}/edit/videos/new`);
    const name = `Uploaded on create ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Type').selectOption('video');
    // Neither a source address nor a file: not saved.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Source is required.')).toBeVisible();

    await page.getByLabel('Or upload a video file').setInputFiles(clip);
    await expect(page.getByText('new upload.mp4')).toBeVisible();
    await expect(page.getByText('Source is required.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create' }).click();
    // Saved, on the video's edit page, where the upload transcodes into a stream.
    await expect(page).toHaveURL(/\/videos\/edit\/\d+/, { timeout: 60_000 });
    const id = Number(/\/videos\/edit\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId('transcode-progress')).toContainText('Transcoded 100%', { timeout: 180_000 });
    await expect(page.getByLabel('Type')).toHaveValue('stream', { timeout: 15_000 });
    const { video } = await (await page.request.get(`/api/v1/videos/${id}`)).json();
    expect(video).toMatchObject({ name, type: 'stream' });

    expect((await page.request.delete(`/api/v1/videos/${id}`, { headers })).status()).toBe(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
