import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * ffmpeg and ffprobe are always run with an argument list (spawn/execFile, never a shell), so a file name or metadata
 * holding `;`, `$()`, quotes or spaces is just bytes. The work runs under `nice` so the web server keeps its CPU.
 */

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe';
/** Threads per ffmpeg: one core is left to the web server (TRANSCODE_THREADS overrides, e.g. in tests). */
export const FFMPEG_THREADS = Math.max(1, Number(process.env.TRANSCODE_THREADS) || os.availableParallelism() - 1);
/** ffmpeg's last stderr lines are the reason a failed job shows. */
const STDERR_LINES = 8;

let available: Promise<boolean> | null = null;

/** Whether ffmpeg and ffprobe can be run here (checked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  const check = (bin: string) => new Promise<boolean>((resolve) => {
    execFile(bin, ['-version'], { timeout: 10_000 }, (err) => resolve(!err));
  });
  available ??= Promise.all([check(FFMPEG), check(FFPROBE)]).then(([a, b]) => a && b);
  return available;
}

/** ffprobe's JSON for a file, or null when it cannot read it as media. */
export function ffprobeJson(file: string): Promise<any | null> {
  return new Promise((resolve) => {
    execFile(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
        if (err) return resolve(null);
        try {
          resolve(JSON.parse(stdout));
        } catch {
          resolve(null);
        }
      });
  });
}

export class FfmpegError extends Error {}

export interface FfmpegRun {
  done: Promise<void>;
  kill(): void;
}

/** `nice` lowers ffmpeg's priority; without it (a minimal image) ffmpeg runs at normal priority. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => fs.existsSync(p)) ?? null;

/**
 * Runs ffmpeg with `args` at low priority. `onProgress` gets the seconds of output written so far (from
 * `-progress pipe:1`). Rejects with ffmpeg's last stderr lines when it fails; `kill()` stops it (the promise rejects).
 */
export function runFfmpeg(args: string[], opts: { cwd: string; onProgress?: (seconds: number) => void }): FfmpegRun {
  const full = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-nostats', ...args];
  const child: ChildProcess = NICE
    ? spawn(NICE, ['-n', '19', FFMPEG, ...full], { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(FFMPEG, full, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let killed = false;
  const tail: string[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (s: string) => {
    const lines = (partial + s).split(/\r?\n/);
    partial = lines.pop() ?? '';
    for (const l of lines) if (l.trim()) tail.push(l.trim());
    if (tail.length > STDERR_LINES) tail.splice(0, tail.length - STDERR_LINES);
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (s: string) => {
    out += s;
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const l of lines) {
      // out_time_us is microseconds despite older builds' out_time_ms naming; both are µs.
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(l);
      if (m) opts.onProgress?.(Number(m[1]) / 1e6);
    }
  });
  child.stdout!.on('error', () => undefined);
  child.stderr!.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => reject(new FfmpegError(`ffmpeg could not be started: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (partial.trim()) tail.push(partial.trim());
      if (killed) return reject(new FfmpegError('Cancelled'));
      if (code === 0) return resolve();
      const reason = tail.slice(-STDERR_LINES).join('\n') || `ffmpeg exited with ${signal ?? `code ${code}`}`;
      reject(new FfmpegError(reason));
    });
  });
  return {
    done,
    kill() {
      if (killed || child.exitCode !== null) return;
      killed = true;
      child.kill('SIGTERM');
      // ffmpeg finishing a segment may ignore the first signal for a moment.
      setTimeout(() => { if (child.exitCode === null) child.kill('SIGKILL'); }, 3000).unref();
    },
  };
}
