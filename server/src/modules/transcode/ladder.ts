import { RENDITION_LADDER, TRANSCODE_RENDITIONS, type TranscodeProbe, type TranscodeRendition } from '@app/contracts';

/** One rung of the ladder this job produces. */
export interface Rung {
  name: TranscodeRendition | 'source';
  height: number;
  kbps: number;
}

/** Segments of about this many seconds; keyframes are forced on that grid so every rung cuts at the same times. */
export const SEGMENT_SECONDS = 6;
/** Scrubbing thumbnails: at most this many, this wide, tiled this many per row in one sprite. */
const MAX_THUMBS = 100;
const THUMB_WIDTH = 160;
const SPRITE_COLUMNS = 10;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * A rendition's "height" is the short side of the picture, as the resolution limit reads it: a 1080×1920 phone video
 * is 1080p, so its 1080p rung is 1080×1920 (scaled by its height, it was 608×1080 with a third of the pixels).
 */
const shortSide = (probe: Pick<TranscodeProbe, 'height' | 'width'>) => Math.min(probe.width, probe.height);
const portrait = (probe: Pick<TranscodeProbe, 'height' | 'width'>) => probe.height > probe.width;

/**
 * The enabled renditions that fit the source (never upscaled: a rung above the source's short side is skipped). A
 * source smaller than every enabled rung gets one rung at its own size.
 */
export function pickRungs(probe: Pick<TranscodeProbe, 'height' | 'width'>, enabled: readonly TranscodeRendition[]): Rung[] {
  const wanted = TRANSCODE_RENDITIONS.filter((r) => enabled.includes(r));
  const fit = wanted.map((r) => ({ name: r, ...RENDITION_LADDER.get(r)! })).filter((r) => r.height <= shortSide(probe));
  if (fit.length) return fit;
  const smallest = RENDITION_LADDER.get(wanted[0] ?? '240p')!;
  return [{ name: 'source', height: even(shortSide(probe)), kbps: smallest.kbps }];
}

/** The scale filter of a rung: its size on the short side, the other side kept in proportion (and even). */
export function rungScale(probe: Pick<TranscodeProbe, 'height' | 'width'>, rung: Rung): string {
  return portrait(probe) ? `scale=${rung.height}:-2` : `scale=-2:${rung.height}`;
}

export interface SpritePlan {
  interval: number;
  count: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
}

export function spritePlan(probe: Pick<TranscodeProbe, 'duration' | 'width' | 'height'>): SpritePlan {
  const interval = Math.max(1, Math.ceil(probe.duration / MAX_THUMBS));
  const count = Math.max(1, Math.ceil(probe.duration / interval));
  const width = Math.min(THUMB_WIDTH, even(probe.width));
  const height = even((width * probe.height) / probe.width);
  const columns = Math.min(SPRITE_COLUMNS, count);
  return { interval, count, width, height, columns, rows: Math.ceil(count / columns) };
}

/**
 * One ffmpeg run: the source is decoded once and split into every rung (H.264 + AAC, TS segments, a VOD playlist
 * each and the master playlist) plus the scrubbing sprite. Paths are relative to the work folder (the cwd).
 */
export function ladderArgs(input: string, probe: TranscodeProbe, rungs: Rung[], sprite: SpritePlan, threads: number): string[] {
  const n = rungs.length;
  const fpsGuess = 30;
  const gop = String(SEGMENT_SECONDS * fpsGuess);
  const split = `[0:v]split=${n + 1}${rungs.map((_, i) => `[s${i}]`).join('')}[sp]`;
  const scales = rungs.map((r, i) => `[s${i}]${rungScale(probe, r)}[v${i}]`);
  // eof_action=pass: a clip shorter than one interval (a single frame) still gives its frame to the sprite.
  const spr = `[sp]fps=1/${sprite.interval}:eof_action=pass,scale=${sprite.width}:${sprite.height},tile=${sprite.columns}x${sprite.rows}[sprite]`;
  const hasAudio = probe.audio_tracks.length > 0;
  const args = ['-threads', String(threads), '-i', input, '-filter_threads', String(threads), '-filter_complex', [split, ...scales, spr].join(';')];
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (hasAudio) rungs.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', String(threads));
  rungs.forEach((r, i) => args.push(`-b:v:${i}`, `${r.kbps}k`, `-maxrate:v:${i}`, `${Math.round(r.kbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.kbps * 2}k`));
  // A keyframe every SEGMENT_SECONDS whatever the frame rate, so segments line up across rungs for switching.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-g', gop, '-sc_threshold', '0');
  if (hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push(
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', 'v%v/seg_%04d.ts', '-master_pl_name', 'master.m3u8',
    '-var_stream_map', rungs.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    'v%v/index.m3u8',
    '-map', '[sprite]', '-frames:v', '1', '-q:v', '5', 'sprite.jpg',
  );
  return args;
}

/**
 * A poster frame a tenth of the way in (at most 10 s), at most 720 pixels tall; `firstFrame` takes the first frame
 * instead (a clip so short that seeking passes its last frame writes no poster at all).
 */
export function posterArgs(input: string, probe: TranscodeProbe, threads: number, firstFrame = false): string[] {
  const seek = firstFrame ? [] : ['-ss', Math.min(10, probe.duration / 10).toFixed(3)];
  return ['-threads', String(threads), ...seek, '-i', input, '-frames:v', '1', '-vf', `scale=-2:${Math.min(720, even(probe.height))}`, '-q:v', '3', 'poster.jpg'];
}

/** Each text subtitle track to its own WebVTT file. */
export function subtitleArgs(input: string, probe: TranscodeProbe): string[] {
  const args = ['-i', input];
  probe.subtitles.forEach((s, i) => args.push('-map', `0:${s.index}`, '-c:s', 'webvtt', '-f', 'webvtt', `subs/${i}.vtt`));
  return args;
}

const stamp = (t: number) => {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** The WebVTT thumbnails track: one cue per thumbnail, pointing at its tile of the sprite (media fragment xywh). */
export function thumbnailsVtt(plan: SpritePlan, duration: number): string {
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < plan.count; i++) {
    const start = i * plan.interval;
    const end = Math.min(duration, (i + 1) * plan.interval);
    const x = (i % plan.columns) * plan.width;
    const y = Math.floor(i / plan.columns) * plan.height;
    cues.push(`${stamp(start)} --> ${stamp(end)}`, `sprite.jpg#xywh=${x},${y},${plan.width},${plan.height}`, '');
  }
  return cues.join('\n');
}

/** A one-segment VOD playlist for a WebVTT file, so the stream carries its captions as an HLS subtitle rendition. */
export function subtitlePlaylist(file: string, duration: number): string {
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`, '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD', `#EXTINF:${duration.toFixed(3)},`, file, '#EXT-X-ENDLIST', ''].join('\n');
}

const attr = (v: string) => v.replace(/["\r\n]/g, '');

/** Adds the subtitle renditions to ffmpeg's master playlist ("stream captions are embedded" in the stream). */
export function withSubtitles(master: string, subs: { uri: string; name: string; language: string | null }[]): string {
  if (!subs.length) return master;
  const media = subs.map((s, i) => `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${attr(s.name)}"${s.language ? `,LANGUAGE="${attr(s.language)}"` : ''},DEFAULT=NO,AUTOSELECT=${i === 0 ? 'YES' : 'NO'},URI="${s.uri}"`);
  const lines = master.split('\n').map((l) => (l.startsWith('#EXT-X-STREAM-INF:') ? `${l},SUBTITLES="subs"` : l));
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  lines.splice(at < 0 ? lines.length : at, 0, ...media, '');
  return lines.join('\n');
}
