import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Tiny clips made with real ffmpeg (one thread, a few seconds, small frames) for the transcode tests: each is made
 * once per process and cached in a temp folder.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcode-clips-'));

function make(name: string, args: string[]): Buffer {
  const out = path.join(dir, name);
  if (!fs.existsSync(out)) execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-threads', '1', ...args, out], { stdio: 'ignore' });
  return fs.readFileSync(out);
}

const picture = (w: number, h: number, seconds: number, rate = 15) => ['-f', 'lavfi', '-i', `testsrc2=size=${w}x${h}:rate=${rate}:duration=${seconds}`];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1'];

/** 640×360, 2 s, with sound; its title metadata holds shell characters. */
export const mp4Clip = () => make('clip.mp4', [...picture(640, 360, 2), ...tone(2), ...x264, '-c:a', 'aac', '-shortest',
  '-metadata', 'title=a\'b";$(touch /tmp/pwned)`id`|&', '-movflags', '+faststart']);

/** A single frame (0.04 s): seeking a tenth of the way in passes its only frame. */
export const oneFrameClip = () => make('one-frame.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-frames:v', '1', ...x264]);

/** A phone video held upright: 360×640, 1 s, with sound. */
export const portraitClip = () => make('portrait.mp4', [...picture(360, 640, 1), ...tone(1), ...x264, '-c:a', 'aac', '-shortest']);

/** An mkv with an SRT subtitle track and no sound. */
export function mkvWithSubtitles(): Buffer {
  const srt = path.join(dir, 'subs.srt');
  fs.writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nHello from the subtitles\n');
  return make('subs.mkv', [...picture(426, 240, 2), '-i', srt, ...x264, '-c:s', 'srt', '-metadata:s:s:0', 'language=eng']);
}

/** Long enough (640×360, 12 s) that a cancel lands while ffmpeg runs. */
export const longClip = () => make('long.mp4', [...picture(640, 360, 12), ...x264]);

/** 61 s of a 64×64 picture at one frame a second: over a one-minute limit, cheap to make. */
export const minuteClip = () => make('minute.mp4', [...picture(64, 64, 61, 1), ...x264]);

/** Sound only, in an mp4. */
export const audioOnly = () => make('audio.mp4', [...tone(1), '-c:a', 'aac']);

/** The first half of an mp4 whose index (moov) is at the end: not readable at all. */
export const truncatedNoIndex = () => {
  const whole = make('plain.mp4', [...picture(320, 240, 2), ...x264]);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** The first half of a "fast start" mp4: the index is intact, the frames at the end are missing. */
export const truncatedFastStart = () => {
  const whole = make('faststart.mp4', [...picture(320, 240, 3), ...x264, '-movflags', '+faststart']);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
};

/** An mp4 header followed by noise. */
export const corrupt = () => {
  const whole = mp4Clip();
  const noise = Buffer.alloc(whole.length - 64);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) & 0xff;
  return Buffer.concat([whole.subarray(0, 64), noise]);
};
