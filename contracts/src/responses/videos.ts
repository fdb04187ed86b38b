import { z } from '../zod.ts';
import { VIDEO_CATEGORIES, VIDEO_TYPES, type Video, type VideoCaption } from '../videos.ts';
import { VIDEO_VOTES, type ContinueWatchingItem, type VideoVoteState, type WatchData } from '../watch.ts';
import { TRANSCODE_RENDITIONS, TRANSCODE_STATES, type Transcode } from '../transcode.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';

export const videoCaptionEntity = entity({ id: recordId, name: z.string(), language: z.string().nullable(), url: z.string() }) satisfies z.ZodType<VideoCaption>;

/** The columns of a video the watch page's lists show (the full video adds its source, captions and admin fields). */
const videoCore = {
  id: recordId,
  name: z.string(),
  title_id: recordId,
  season_num: z.number().int().nullable(),
  episode_num: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  type: z.enum(VIDEO_TYPES),
  quality: z.string().nullable(),
  language: z.string().nullable(),
  category: z.enum(VIDEO_CATEGORIES),
  approved: z.boolean(),
  plays_count: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
};

const videoExample = {
  id: 31, name: 'Official trailer', title_id: 5, season_num: null, episode_num: null, thumbnail: null, type: 'embed', src: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  quality: 'hd', language: 'en', category: 'trailer', approved: true, origin: 'local', plays_count: 120, upvotes: 14, downvotes: 2, reports_count: 0, order: 0,
  created_at: T, updated_at: T, captions: [], title: { id: 5, name: 'The Long Night', is_series: false, poster: '/storage/posters/5.jpg' },
};

export const videoEntity = entity({
  ...videoCore,
  src: z.string(),
  origin: z.string(),
  reports_count: z.number().int(),
  order: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
  captions: z.array(videoCaptionEntity),
  title: entity({ id: recordId, name: z.string(), is_series: z.boolean(), poster: z.string().nullable() }).nullable().optional(),
}).meta({ id: 'Video', examples: [videoExample] }) satisfies z.ZodType<Video>;

export const videoListResponse = paginated(videoEntity);
export const videoResponse = entity({ video: videoEntity });
export const videoCaptionResponse = entity({ caption: videoCaptionEntity });

const watchSummary = entity(videoCore);
export const watchResponse = entity({
  video: entity({ ...videoCore, src: z.string(), captions: z.array(videoCaptionEntity), preparing: z.boolean() }),
  title: entity({
    id: recordId, name: z.string(), is_series: z.boolean(), poster: z.string().nullable(), backdrop: z.string().nullable(),
    year: z.number().int().nullable(), description: z.string().nullable(),
  }),
  episode: entity({ season_number: z.number().int(), episode_number: z.number().int(), name: z.string(), description: z.string().nullable(), poster: z.string().nullable() }).nullable(),
  up_next: entity({ ...videoCore, episode_name: z.string().nullable() }).nullable(),
  related: z.array(watchSummary),
  position: z.number().nullable(),
  my_vote: z.enum(VIDEO_VOTES).nullable(),
}).meta({ id: 'WatchData' }) satisfies z.ZodType<WatchData>;

export const videoVoteResponse = entity({ upvotes: z.number().int(), downvotes: z.number().int(), my_vote: z.enum(VIDEO_VOTES).nullable() })
  .meta({ id: 'VideoVoteState', examples: [{ upvotes: 15, downvotes: 2, my_vote: 'up' }] }) satisfies z.ZodType<VideoVoteState>;

/** A video the member watched, with where they got to: a Continue watching card, a watch history row. */
const watchedItem = entity({
  video: watchSummary,
  title: entity({ id: recordId, name: z.string(), is_series: z.boolean(), poster: z.string().nullable(), backdrop: z.string().nullable() }),
  episode_name: z.string().nullable(),
  position: z.number(),
  duration: z.number().nullable(),
  updated_at: isoTime,
}).meta({ id: 'WatchedVideo' }) satisfies z.ZodType<ContinueWatchingItem>;

export const continueWatchingResponse = entity({ items: z.array(watchedItem) }).meta({ id: 'ContinueWatching' });
export const watchHistoryResponse = paginated(watchedItem).meta({ id: 'WatchHistory' });

export const transcodeEntity = entity({
  id: recordId,
  video_id: recordId,
  state: z.enum(TRANSCODE_STATES),
  percent: z.number(),
  error: z.string().nullable(),
  source_name: z.string(),
  probe: entity({
    duration: z.number(), width: z.number(), height: z.number(), video_codec: z.string(),
    audio_tracks: z.array(entity({ index: z.number().int(), codec: z.string(), language: z.string().nullable() })),
    subtitles: z.array(entity({ index: z.number().int(), codec: z.string(), language: z.string().nullable(), title: z.string().nullable() })),
  }).nullable(),
  renditions: z.array(z.enum(TRANSCODE_RENDITIONS)),
  attempts: z.number().int(),
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'Transcode',
  examples: [{
    id: 3, video_id: 31, state: 'running', percent: 42, error: null, source_name: 'night.mp4', probe: null, renditions: ['360p', '720p'], attempts: 1,
    started_at: T, finished_at: null, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<Transcode>;

/** GET videos/{id}/transcode: the latest job (or none) and whether ffmpeg is installed. */
export const videoTranscodeResponse = entity({ transcode: transcodeEntity.nullable(), ffmpeg: z.boolean() });
export const transcodeResponse = entity({ transcode: transcodeEntity });
export const transcodeListResponse = entity({ transcodes: z.array(transcodeEntity), ffmpeg: z.boolean() });
