import { execFile } from 'node:child_process';
import { translate, type TranscodeProbe } from '@app/contracts';
import { HttpError } from '../../http/errors.ts';
import { ffprobeJson } from './ffmpeg.ts';

const refuse = (message: string) => new HttpError(422, message, { file: [message] });

/** Text subtitle codecs ffmpeg can turn into WebVTT (bitmap ones such as PGS or DVD cannot be). */
const TEXT_SUBTITLES = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);

export interface ProbeLimits {
  maxSeconds: number;
  maxHeight: number;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Decodes the last moments of the video with -xerror: a file cut short (its index intact) fails here. */
function decodesToEnd(file: string, duration: number): Promise<boolean> {
  const from = Math.max(0, duration - 1.5).toFixed(3);
  return new Promise((resolve) => {
    execFile(process.env.FFMPEG_PATH || 'ffmpeg',
      ['-v', 'error', '-xerror', '-nostdin', '-threads', '1', '-ss', from, '-i', file, '-map', '0:v:0', '-f', 'null', '-'],
      { timeout: 120_000 }, (err) => resolve(!err));
  });
}

/**
 * What the source holds, or a 422 saying why it cannot be transcoded: not a video, damaged or truncated, no video
 * stream, or beyond the configured duration or resolution. Runs before any job is queued.
 */
export async function probeSource(file: string, limits: ProbeLimits): Promise<TranscodeProbe> {
  const json = await ffprobeJson(file);
  if (!json || !Array.isArray(json.streams)) throw refuse('The file is not a video, or it is damaged.');
  const streams = json.streams as Record<string, any>[];
  // Cover art in an audio file is a "video" stream too; it is not a picture that moves.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw refuse('The file has no video stream.');
  const width = Number(video.width);
  const height = Number(video.height);
  if (!(width > 0 && height > 0)) throw refuse('The file is not a video, or it is damaged.');
  const duration = Number(json.format?.duration ?? video.duration);
  if (!(duration > 0)) throw refuse('The video has no duration: it is probably truncated or damaged.');
  if (duration > limits.maxSeconds) {
    throw refuse(translate(undefined, 'The video is longer than the :limit allowed.', { limit: formatLimit(limits.maxSeconds) }));
  }
  if (Math.min(width, height) > limits.maxHeight) {
    throw refuse(translate(undefined, 'The video\'s resolution (:width×:height) is above the :limit allowed.', { width, height, limit: `${limits.maxHeight}p` }));
  }
  if (!(await decodesToEnd(file, duration))) throw refuse('The video is truncated or damaged.');
  return {
    duration,
    width,
    height,
    video_codec: String(video.codec_name ?? 'unknown'),
    audio_tracks: streams.filter((s) => s.codec_type === 'audio')
      .map((s) => ({ index: Number(s.index), codec: String(s.codec_name ?? 'unknown'), language: str(s.tags?.language) })),
    subtitles: streams.filter((s) => s.codec_type === 'subtitle' && TEXT_SUBTITLES.has(String(s.codec_name)))
      .map((s) => ({ index: Number(s.index), codec: String(s.codec_name), language: str(s.tags?.language), title: str(s.tags?.title) })),
  };
}

function formatLimit(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}
