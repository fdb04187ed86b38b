/**
 * Issue 15's numbers: a generated 60-second 1080p clip becomes its full HLS ladder (240p–1080p) in the server's
 * transcode pool, while the title page data call is loaded; its p99 is compared with idle. Then Chromium plays the
 * ladder with hls.js and the time from loading the master playlist to the first frame playing is measured.
 *
 *   BENCH_TRANSCODE_SECONDS=60   length of the generated clip
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { Pool } from 'undici';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDefaultRoles } from '../../server/src/db/seed/roles.ts';
import { probeSource } from '../../server/src/modules/transcode/probe.ts';
import { median } from './catalogue.ts';
import { Server } from './harness.ts';

type Report = (figure: string, value: string, target: string, pass: boolean | null) => void;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 60);
const TITLES = 500;
const LOAD_SECONDS = 5;

/** The test clip, made once and kept under storage/bench. */
function clip(): string {
  const file = path.join(ROOT, 'storage', 'bench', `transcode-1080p-${SECONDS}s.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial.mp4`;
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${SECONDS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', tmp]);
  fs.renameSync(tmp, file);
  return file;
}

async function prepare(db: string, storage: string, source: string): Promise<string> {
  const app = await buildApp(loadConfig({ DATABASE_URL: db, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production' }));
  await seedDefaultRoles(app.ctx.db);
  const now = new Date().toISOString();
  const rows = await app.ctx.db.insertInto('titles').values(Array.from({ length: TITLES }, (_, i) => ({
    name: `Bench title ${i}`, is_series: false, description: 'A title for the transcode bench.', year: 2000 + (i % 25), created_at: now, updated_at: now,
  }))).returning('id').execute();
  await app.ctx.db.insertInto('videos').values(rows.map((r) => ({
    name: `Bench video ${r.id}`, title_id: r.id, season_num: null, episode_num: null, thumbnail: null, type: 'video' as const, src: '/storage/bench.mp4',
    quality: 'hd', language: 'en', category: 'full' as const, approved: true, user_id: null, created_at: now, updated_at: now,
  }))).execute();
  await app.ctx.storage.put('file-entries/bench-source.mp4', fs.createReadStream(source));
  const probe = await probeSource(source, { maxSeconds: 36_000, maxHeight: 2160 });
  await app.close();
  return JSON.stringify(probe);
}

/** Closed-loop title page calls for LOAD_SECONDS; answers every latency. */
async function titleLoad(base: string, connections = 4): Promise<number[]> {
  const pool = new Pool(base, { connections });
  const until = performance.now() + LOAD_SECONDS * 1000;
  const latencies: number[] = [];
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path: `/api/v1/titles/${1 + Math.floor(Math.random() * TITLES)}` });
      await res.body.dump();
      latencies.push(performance.now() - t0);
    }
  }));
  await pool.close();
  return latencies;
}
const p99 = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor(l.length * 0.99)] ?? 0;

/**
 * Milliseconds from hls.js loading the master playlist to the video's first `playing` event, in Chromium: each of
 * `runs` plays in a fresh page (new media pipeline, no cached segments) of one browser; the answer lists every run.
 */
async function firstPlays(base: string, src: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The API's own CSP (default-src 'none') would block the harness's script on this same-origin page.
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${base}/api/v1/auth/me`);
      await page.setContent('<!doctype html><body></body>');
      await page.addScriptTag({ path: path.join(ROOT, 'node_modules/hls.js/dist/hls.min.js') });
      times.push(await page.evaluate(async (url) => {
        const video = document.createElement('video');
        video.muted = true;
        document.body.append(video);
        const t0 = performance.now();
        const hls = new (window as any).Hls();
        hls.loadSource(url);
        hls.attachMedia(video);
        const playing = new Promise((resolve) => video.addEventListener('playing', resolve, { once: true }));
        await video.play();
        await playing;
        return performance.now() - t0;
      }, `${base}${src}`));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function transcodeBench(report: Report, section: (title: string) => void) {
  section(`Transcoding: a ${SECONDS}-second 1080p clip into the full HLS ladder`);
  const source = clip();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-transcode-'));
  const db = path.join(storage, 'transcode.sqlite');
  let server: Server | null = null;
  try {
    const probe = await prepare(db, storage, source);
    server = await Server.start(db, storage);
    await titleLoad(server.base); // warm-up
    const idle = p99(await titleLoad(server.base));
    report('   title page data call p99, idle', `${idle.toFixed(2)} ms`, '(baseline)', null);

    // Queue the job the way POST videos/{id}/transcode does; the server's pool picks it up on its next sweep.
    const sqlite = new SQLite(db);
    const now = new Date().toISOString();
    sqlite.prepare(`INSERT INTO transcodes (video_id, state, percent, source_key, source_disk, source_name, probe, renditions, attempts, created_at, updated_at)
      VALUES (1, 'queued', 0, 'file-entries/bench-source.mp4', 'local', 'bench.mp4', ?, ?, 0, ?, ?)`)
      .run(probe, JSON.stringify(['240p', '360p', '480p', '720p', '1080p']), now, now);
    const started = performance.now();
    const busy: number[] = [];
    let state = 'queued';
    while (performance.now() - started < 15 * 60_000) {
      busy.push(...await titleLoad(server.base));
      state = (sqlite.prepare('SELECT state FROM transcodes WHERE video_id = 1').get() as { state: string }).state;
      if (state === 'done' || state === 'failed') break;
    }
    // The load ran in LOAD_SECONDS slices: the last one may end after the job, so the time is read from the row.
    const row = sqlite.prepare('SELECT state, error, started_at, finished_at FROM transcodes WHERE video_id = 1').get() as { state: string; error: string | null; started_at: string; finished_at: string | null };
    const src = (sqlite.prepare('SELECT src FROM videos WHERE id = 1').get() as { src: string }).src;
    sqlite.close();
    if (row.state !== 'done') {
      report('   ladder finished', row.state, 'done', false);
      if (row.error) console.log(row.error);
      return;
    }
    const took = (Date.parse(row.finished_at!) - Date.parse(row.started_at)) / 1000;
    report('   full ladder (240p–1080p, sprite, poster)', `${took.toFixed(1)} s`, '< 180 s', took < 180);
    const limit = Math.max(2 * idle, 1);
    const under = p99(busy);
    report('   title page data call p99 while transcoding', `${under.toFixed(2)} ms`, `<= 2x idle (${limit.toFixed(2)} ms)`, under <= limit);
    const plays = await firstPlays(server.base, src, 5);
    const first = median(plays);
    report('   first segment playing in Chromium (hls.js, loopback; median of 5 fresh pages)', `${first.toFixed(0)} ms (runs ${plays.map((t) => t.toFixed(0)).join(', ')})`, '< 1000 ms', first < 1000);
  } finally {
    await server?.stop();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
