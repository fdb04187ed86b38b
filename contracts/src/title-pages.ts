import { z } from './zod.ts';
import { ID_MAX } from './list.ts';
import type { Episode, Season, Title, TitleCredit } from './titles.ts';
import type { Person, PersonCredit } from './people.ts';
import type { Video } from './videos.ts';
import type { ResumePoint } from './watch.ts';

/**
 * The public site's page calls: one call per page answers everything its first render shows
 * (GET titles/{id}/page, titles/{id}/seasons/{season}/page, titles/{id}/seasons/{season}/episodes/{episode}/page, people/{id}/page).
 * The server-rendered HTML embeds the same answer (see PAGE_DATA_ELEMENT_ID).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Path params of the page calls and pages: a malformed id, season or episode is "not found", never a 422. */
const positiveInt = z.coerce.number().int().min(1).max(ID_MAX);
export const titlePageParamsSchema = z.object({ id: positiveInt });
export const seasonPageParamsSchema = z.object({ id: positiveInt, season: positiveInt });
export const episodePageParamsSchema = z.object({ id: positiveInt, season: positiveInt, episode: positiveInt });
export const personPageParamsSchema = z.object({ id: positiveInt });

/** A video as a visitor sees it: `src` is sent only to callers with videos.update (the watch call sends it to the rest). */
export type PublicVideo = Omit<Video, 'src' | 'title'> & { src?: string };

export interface TitlePageSection { name: 'episodes' | 'seasons' | 'videos' | 'images' | 'reviews' | 'cast' | 'related'; enabled: boolean }

export interface RelatedTitle { id: number; name: string; poster: string | null; year: number | null; rating: number | null; is_series: boolean }

/** GET titles/because-you-watched: titles like the one the signed-in viewer watched last (none before they watch). */
export interface BecauseYouWatched { title: { id: number; name: string } | null; items: RelatedTitle[] }

export interface TitlePageData {
  title: Title;
  /** Primary full video (the Play button) and first trailer, among `videos`. */
  play_video_id: number | null;
  /** For a series without a full video of its own: the episode the Play button starts (its first with one). */
  play_episode: { season: number; episode: number } | null;
  /** Where the signed-in viewer stopped in this title (null for guests and when nothing is unfinished). */
  resume: ResumePoint | null;
  /** The viewer's progress in the listed `episodes` (empty for guests). */
  episode_progress: EpisodeProgress[];
  trailer_video_id: number | null;
  videos: PublicVideo[];
  seasons: Season[];
  /** Episodes of the season the viewer is in (their `resume`), else of the latest, for the episodes section. */
  episodes: Episode[];
  cast: TitleCredit[];
  crew: TitleCredit[];
  related: RelatedTitle[];
  sections: TitlePageSection[];
  video_panel: { mode: 'carousel' | 'grid' | 'hide'; content: 'all' | 'full' | 'short' | 'trailer' | 'clip' };
}

/** How far the signed-in viewer got in an episode's full video (the episode lists' progress bars). */
export interface EpisodeProgress { episode: number; position: number; duration: number | null }

export interface SeasonPageData {
  title: Title;
  season: Season;
  episodes: Episode[];
  /** The viewer's progress in these episodes (empty for guests). */
  episode_progress: EpisodeProgress[];
  /** The Play button: the season's first episode with a full video, and which episode that is. */
  play_video_id: number | null;
  play_episode: { season: number; episode: number } | null;
  /** Where the signed-in viewer stopped in this season (null for guests and when nothing is unfinished). */
  resume: ResumePoint | null;
  cast: TitleCredit[];
  crew: TitleCredit[];
  videos: PublicVideo[];
  previous: number | null;
  next: number | null;
}

export interface EpisodeLink { season: number; episode: number; name: string }

export interface EpisodePageData {
  title: Title;
  season: Season;
  episode: Episode;
  cast: TitleCredit[];
  crew: TitleCredit[];
  videos: PublicVideo[];
  play_video_id: number | null;
  /** Where the signed-in viewer stopped in that video, unfinished (null for guests). */
  resume: ResumePoint | null;
  previous: EpisodeLink | null;
  next: EpisodeLink | null;
}

export interface PersonPageData {
  person: Person;
  credits: PersonCredit[];
  /** The person's most popular titles. */
  known_for: RelatedTitle[];
}
