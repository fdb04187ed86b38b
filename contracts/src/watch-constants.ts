/**
 * The playback constants the public site reads on every page with poster cards and in the player, without zod
 * (watch.ts sets zod up on load, which would bring it into the home page's download). watch.ts re-exports these.
 */

/** A play counts once playback has passed this many seconds. */
export const PLAY_MIN_SECONDS = 5;
/** The player reports progress this often while it plays (seconds). */
export const PROGRESS_EVERY_SECONDS = 10;
/** One progress report never adds more than this (a tab asleep for an hour is not an hour watched). */
export const PROGRESS_MAX_SECONDS = 120;
/** A video watched past this share of its length counts as finished and leaves "Continue watching". */
export const WATCHED_SHARE = 0.95;
/** A point worth resuming: past the first seconds and short of WATCHED_SHARE of the length (unknown length: kept). */
export const isUnfinished = (position: number, duration: number | null) =>
  position >= PLAY_MIN_SECONDS && (duration === null || position < duration * WATCHED_SHARE);
