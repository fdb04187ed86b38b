import { z, required } from './zod.ts';

/** The HLS ladder: each rung's frame height and video bitrate (kbit/s). A source is never upscaled. */
export const TRANSCODE_RENDITIONS = ['240p', '360p', '480p', '720p', '1080p'] as const;
export type TranscodeRendition = (typeof TRANSCODE_RENDITIONS)[number];
export const RENDITION_LADDER: ReadonlyMap<TranscodeRendition, { height: number; kbps: number }> = new Map([
  ['240p', { height: 240, kbps: 400 }],
  ['360p', { height: 360, kbps: 800 }],
  ['480p', { height: 480, kbps: 1400 }],
  ['720p', { height: 720, kbps: 2800 }],
  ['1080p', { height: 1080, kbps: 5000 }],
]);

/** Video files the form accepts for transcoding. */
export const TRANSCODE_EXTENSIONS = ['mp4', 'mov', 'mkv', 'webm', 'm4v'] as const;

export const TRANSCODE_STATES = ['queued', 'probing', 'running', 'done', 'failed', 'cancelled'] as const;
export type TranscodeState = (typeof TRANSCODE_STATES)[number];
/** States in which a job still has work ahead of it (polled by the admin screens). */
export const ACTIVE_TRANSCODE_STATES: readonly TranscodeState[] = ['queued', 'probing', 'running'];

/** What ffprobe found in the source, kept with the job. */
export interface TranscodeProbe {
  duration: number;
  width: number;
  height: number;
  video_codec: string;
  audio_tracks: { index: number; codec: string; language: string | null }[];
  subtitles: { index: number; codec: string; language: string | null; title: string | null }[];
}

export interface Transcode {
  id: number;
  video_id: number;
  state: TranscodeState;
  percent: number;
  error: string | null;
  source_name: string;
  probe: TranscodeProbe | null;
  renditions: TranscodeRendition[];
  attempts: number;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

/** POST videos/{id}/transcode: the file entry a chunked upload produced. */
export const transcodeStartSchema = z.object({
  file_id: z.number(required('Please select a file.')).int().min(1, 'Please select a file.'),
}).meta({ examples: [{ file_id: 88 }] });
export type TranscodeStart = z.infer<typeof transcodeStartSchema>;

/** GET transcodes: the latest job of each of these videos (the videos list polls its page's ids). */
export const transcodeListQuerySchema = z.object({
  video_ids: z.string().regex(/^\d+(,\d+){0,99}$/, 'Invalid video ids.').transform((s) => [...new Set(s.split(',').map(Number))]),
});

/** The scrubbing thumbnails track beside a ladder this server transcoded (null for any other stream). */
export function hlsThumbnailsUrl(src: string): string | null {
  return /^\/storage\/videos\/\d+\/hls\/[\w-]+\/master\.m3u8$/.test(src) ? src.replace(/master\.m3u8$/, 'thumbnails.vtt') : null;
}
