import { z, required } from './zod.ts';
import type { Video, VideoCaption } from './videos.ts';
import { translate } from './i18n.ts';

import { PLAY_MIN_SECONDS, PROGRESS_MAX_SECONDS } from './watch-constants.ts';

export * from './watch-constants.ts';

/** No video is longer than a day: a position past it is absurd. */
export const POSITION_MAX_SECONDS = 24 * 3600;
/** One play per viewer per video per this many hours. */
export const PLAY_WINDOW_HOURS = 24;
/** Anonymous viewers are told apart by this cookie (a random id, no personal data). */
export const VISITOR_COOKIE = 'visitor_id';

const position = z.number(required('The position must be a number of seconds.'))
  .min(0, 'The position must be a number of seconds.').max(POSITION_MAX_SECONDS, 'The position is longer than any video.');
/** The video's length as the player knows it (streams and embeds may not): what "Continue watching" measures against. */
const duration = z.number(required('The duration must be a number of seconds.'))
  .min(0, 'The duration must be a number of seconds.').max(POSITION_MAX_SECONDS, 'The duration is longer than any video.').optional();
/** `user_id` may be sent; it must be the caller's own (a play is never recorded for someone else). */
const userId = z.number().int().min(1).optional();

/** POST videos/{id}/plays: playback passed PLAY_MIN_SECONDS; `seconds` is what was watched so far. */
export const playStartSchema = z.object({
  seconds: z.number(required('Seconds watched are required.'))
    .min(PLAY_MIN_SECONDS, translate(undefined, 'A play starts after :count seconds of playback.', { count: PLAY_MIN_SECONDS }))
    .max(PROGRESS_MAX_SECONDS, translate(undefined, 'Report at most :count seconds at a time.', { count: PROGRESS_MAX_SECONDS })),
  position,
  duration,
  user_id: userId,
}).meta({ examples: [{ seconds: 6, position: 6, duration: 1320 }] });
export type PlayStart = z.infer<typeof playStartSchema>;

/** POST videos/{id}/progress: seconds watched since the last report, and where the viewer is now (for resume). */
export const playProgressSchema = z.object({
  seconds: z.number(required('Seconds watched are required.'))
    .min(0, 'Seconds watched cannot be negative.')
    .max(PROGRESS_MAX_SECONDS, translate(undefined, 'Report at most :count seconds at a time.', { count: PROGRESS_MAX_SECONDS })),
  position,
  duration,
  user_id: userId,
}).meta({ examples: [{ seconds: 10, position: 316.5, duration: 1320 }] });
export type PlayProgress = z.infer<typeof playProgressSchema>;

/** PUT videos/{id}/vote: a member's thumbs up or down (videos.rate); DELETE takes it back. */
export const VIDEO_VOTES = ['up', 'down'] as const;
export type VideoVote = (typeof VIDEO_VOTES)[number];
export const videoVoteSchema = z.object({ vote: z.enum(VIDEO_VOTES, { error: 'Choose up or down.' }) }).meta({ examples: [{ vote: 'up' }] });
export interface VideoVoteState { upvotes: number; downvotes: number; my_vote: VideoVote | null }

/** A video as the public watch page sees it. */
export interface WatchVideo extends Pick<Video, 'id' | 'name' | 'title_id' | 'season_num' | 'episode_num' | 'thumbnail' | 'type' | 'src' | 'quality' | 'language' | 'category' | 'approved' | 'upvotes' | 'downvotes'> {
  plays_count: number;
  captions: VideoCaption[];
  /** Its upload is still being transcoded (or the transcode failed): visitors get no source and see "This video is being prepared." */
  preparing: boolean;
}

/** A video in a list beside the player (no source: the list only links to /watch/{id}). */
export type WatchVideoSummary = Omit<WatchVideo, 'src' | 'captions' | 'preparing'>;

export interface WatchData {
  video: WatchVideo;
  title: { id: number; name: string; is_series: boolean; poster: string | null; backdrop: string | null; year: number | null; description: string | null };
  episode: { season_number: number; episode_number: number; name: string; description: string | null; poster: string | null } | null;
  /** The next episode's first video, for an episode. */
  up_next: (WatchVideoSummary & { episode_name: string | null }) | null;
  /** The title's other approved videos. */
  related: WatchVideoSummary[];
  /** Where this signed-in viewer stopped (seconds), or null (guests keep theirs in the browser). */
  position: number | null;
  /** The signed-in viewer's vote on this video. */
  my_vote: VideoVote | null;
}

/** "Continue watching" holds at most this many videos. */
export const CONTINUE_WATCHING_LIMIT = 20;

/** GET videos/continue-watching: a video the signed-in viewer stopped in, with where and its title (one per title, latest first). */
export interface ContinueWatchingItem {
  video: WatchVideoSummary;
  title: { id: number; name: string; is_series: boolean; poster: string | null; backdrop: string | null };
  episode_name: string | null;
  /** Seconds in, and the video's length when the player reported it. */
  position: number;
  duration: number | null;
  updated_at: string;
}

/** The title page's Resume: the video of the title the signed-in viewer last stopped in, unfinished. */
export interface ResumePoint {
  video_id: number;
  season: number | null;
  episode: number | null;
  position: number;
  duration: number | null;
}
