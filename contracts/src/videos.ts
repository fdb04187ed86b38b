import { imageUrlField } from './image-url.ts';
import { CATALOGUE_MAX } from './titles.ts';
import { z, required } from './zod.ts';

export const VIDEO_TYPES = ['embed', 'video', 'stream', 'external'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const VIDEO_CATEGORIES = ['trailer', 'clip', 'featurette', 'teaser', 'full'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
export const VIDEO_QUALITIES = ['regular', 'sd', 'hd', '720p', '1080p', '4k'] as const;
export const CAPTION_MAX_BYTES = 1024 * 1024;
export const VIDEO_SORTS = ['created_at', 'updated_at', 'name', 'plays_count', 'reports_count', 'order', 'id'] as const;

export interface VideoCaption {
  id: number;
  name: string;
  language: string | null;
  url: string;
}

export interface Video {
  id: number;
  name: string;
  title_id: number;
  season_num: number | null;
  episode_num: number | null;
  thumbnail: string | null;
  type: VideoType;
  src: string;
  quality: string | null;
  language: string | null;
  category: VideoCategory;
  approved: boolean;
  origin: string;
  plays_count: number;
  /** Members' votes up and down (videos.rate); their difference is the video's score. */
  upvotes: number;
  downvotes: number;
  reports_count: number;
  order: number;
  created_at: string;
  updated_at: string;
  captions: VideoCaption[];
  title?: { id: number; name: string; is_series: boolean; poster: string | null } | null;
}

const isUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

const videoFields = {
  name: z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(255),
  title_id: z.number(required('Title is required.')).int().min(1, 'Title is required.'),
  season_num: z.number().int().min(1).max(CATALOGUE_MAX.season).nullish().transform((v) => v ?? null),
  episode_num: z.number().int().min(1).max(CATALOGUE_MAX.episode).nullish().transform((v) => v ?? null),
  thumbnail: imageUrlField.transform((v) => v || null),
  type: z.enum(VIDEO_TYPES, { error: 'Choose a video type.' }),
  src: z.string(required('Source is required.')).trim().max(1000),
  quality: z.string().trim().max(20).nullish().transform((v) => v || null),
  language: z.string().trim().max(10).nullish().transform((v) => v || null),
  category: z.enum(VIDEO_CATEGORIES, { error: 'Choose a category.' }),
  approved: z.boolean().default(true),
};

/** A scheme other than http(s) (`javascript:`, `data:`, `file:`) is never a source; a path has none. */
const isPathOrUrl = (v: string) => !/^[a-z][a-z0-9+.-]*:/i.test(v) || isUrl(v);

/**
 * Source rules depend on the type: embed and external need a web address, video and stream a path or web
 * address. An edit that sends only `src` is checked against the stored type (the route calls this itself).
 */
export function videoSourceError(type: VideoType | undefined, src: string | undefined): string | null {
  if (!src) return type === 'embed' ? 'Embed URL is required.' : 'Source is required.';
  if (type === 'embed' && !isUrl(src)) return 'Embed URL must be a valid URL.';
  if (type === 'external' && !isUrl(src)) return 'The source must be a valid URL.';
  if (!isPathOrUrl(src)) return 'The source must be a path or a web address.';
  return null;
}

function checkSource(v: { type?: VideoType; src?: string }, ctx: z.RefinementCtx) {
  if (v.type === undefined) return;
  const message = videoSourceError(v.type, v.src);
  if (message) ctx.addIssue({ code: 'custom', path: ['src'], message });
}

/**
 * A new video may come from a file uploaded on the "new video" screen (`file_id`, a file entry from the chunked
 * uploader) instead of a source address: the upload then fills the source and is transcoded into a stream. One of
 * the two is required.
 */
export const videoCreateSchema = z.object({ ...videoFields, src: videoFields.src.optional(), file_id: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => { if (v.file_id === undefined) checkSource(v, ctx); }).meta({
  examples: [{ name: 'Official trailer', title_id: 5, type: 'embed', src: 'https://www.youtube.com/embed/dQw4w9WgXcQ', quality: 'hd', language: 'en', category: 'trailer', approved: true }],
});
export type VideoCreate = z.infer<typeof videoCreateSchema>;
/** An edit changes only what it sends: `approved` has no default here, or renaming a video waiting for approval would approve it. */
export const videoUpdateSchema = z.object({ ...videoFields, approved: z.boolean() }).partial().superRefine(checkSource)
  .meta({ examples: [{ name: 'Final trailer', approved: false }] });
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

export const captionSchema = z.object({
  name: z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(100),
  language: z.string().trim().max(10).nullish().transform((v) => v || null),
});
