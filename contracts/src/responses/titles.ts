import { z } from '../zod.ts';
import {
  TITLE_TAG_TYPES, type Episode, type Season, type Title, type TitleAutocompleteItem, type TitleCredit, type TitleImage, type TitleTag,
} from '../titles.ts';
import type { BecauseYouWatched, EpisodeLink, EpisodePageData, PublicVideo, RelatedTitle, SeasonPageData, TitlePageData } from '../title-pages.ts';
import { entity, integer as int, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { videoEntity } from './videos.ts';

/** Answers of the titles module: titles, seasons, episodes, credits, title images and the public title pages. */

/** A `YYYY-MM-DD` date column (release dates), or null. */
const day = z.string().nullable().meta({ examples: ['1999-03-31'] });

export const titleTagEntity = entity({
  id: recordId, type: z.enum(TITLE_TAG_TYPES), name: z.string(), display_name: z.string().nullable(), created_at: isoTime, updated_at: isoTime,
}).meta({ id: 'TitleTag', examples: [{ id: 3, type: 'genre', name: 'science fiction', display_name: 'Science Fiction', created_at: T, updated_at: T }] }) satisfies z.ZodType<TitleTag>;

export const titleImageEntity = entity({ id: recordId, url: z.string(), type: z.string(), order: int }) satisfies z.ZodType<TitleImage>;

const titleExample = {
  id: 42, name: 'The Matrix', is_series: false, original_title: 'The Matrix', poster: 'storage/title-images/matrix.jpg', backdrop: null,
  release_date: '1999-03-31', year: 1999, tagline: 'Welcome to the Real World.', description: 'A hacker learns what the Matrix is.', runtime: 136,
  certification: 'R', budget: 63000000, revenue: 463517383, language: 'en', popularity: 81.5, views: 1200, rating: 8.2, vote_count: 21450,
  seasons_count: 0, episodes_count: 0, tmdb_id: 603, created_at: T, updated_at: T,
};

export const titleEntity = entity({
  id: recordId,
  name: z.string(),
  is_series: z.boolean(),
  original_title: z.string().nullable(),
  poster: z.string().nullable(),
  backdrop: z.string().nullable(),
  release_date: day,
  year: int.nullable(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  runtime: int.nullable(),
  certification: z.string().nullable(),
  budget: z.number().nullable(),
  revenue: z.number().nullable(),
  language: z.string().nullable(),
  popularity: z.number().nullable(),
  views: int,
  rating: z.number().nullable(),
  vote_count: int,
  seasons_count: int,
  episodes_count: int,
  tmdb_id: int.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  images: z.array(titleImageEntity).optional(),
  genres: z.array(titleTagEntity).optional(),
  keywords: z.array(titleTagEntity).optional(),
  production_countries: z.array(titleTagEntity).optional(),
  tags: z.array(titleTagEntity).optional(),
}).meta({ id: 'Title', examples: [titleExample] }) satisfies z.ZodType<Title>;

/** `GET titles`: callers without titles.update get the public columns only (no import ids, view counters or timestamps). */
export const titleListResponse = paginated(titleEntity.partial({ views: true, tmdb_id: true, created_at: true, updated_at: true })
  .meta({ description: 'A title. Callers without titles.update get no views, tmdb_id, created_at or updated_at; `with=genres,keywords,production_countries,tags` adds the tags (tags: the custom ones).' }));
export const titleResponse = entity({ title: titleEntity });
export const titleAutocompleteResponse = entity({
  results: z.array(entity({ id: recordId, name: z.string(), year: int.nullable(), poster: z.string().nullable(), is_series: z.boolean() }) satisfies z.ZodType<TitleAutocompleteItem>),
});

export const seasonEntity = entity({
  id: recordId, title_id: recordId, number: int, name: z.string().nullable(), poster: z.string().nullable(), description: z.string().nullable(),
  release_date: day, episodes_count: int, created_at: isoTime, updated_at: isoTime,
}).meta({ id: 'Season', examples: [{ id: 5, title_id: 43, number: 1, name: 'Season 1', poster: null, description: null, release_date: '2008-01-20', episodes_count: 7, created_at: T, updated_at: T }] }) satisfies z.ZodType<Season>;
export const seasonListResponse = paginated(seasonEntity);
export const seasonResponse = entity({ season: seasonEntity });

export const episodeEntity = entity({
  id: recordId, title_id: recordId, season_id: recordId, name: z.string(), description: z.string().nullable(), release_date: day,
  runtime: int.nullable(), popularity: z.number().nullable(), rating: z.number().nullable(), poster: z.string().nullable(), season_number: int, episode_number: int,
  created_at: isoTime, updated_at: isoTime,
}).meta({
  id: 'Episode',
  examples: [{ id: 9, title_id: 43, season_id: 5, name: 'Pilot', description: null, release_date: '2008-01-20', runtime: 58, popularity: 12, rating: 8.1, poster: null, season_number: 1, episode_number: 1, created_at: T, updated_at: T }],
}) satisfies z.ZodType<Episode>;
export const episodeListResponse = paginated(episodeEntity);
export const episodeResponse = entity({ episode: episodeEntity });

/** A person credited on a title, season or episode: `id` is the person's, `pivot.id` the credit's. */
export const titleCreditEntity = entity({
  id: recordId, name: z.string(), poster: z.string().nullable(),
  pivot: entity({ id: recordId, character: z.string().nullable(), department: z.string(), job: z.string(), order: int }),
}).meta({ id: 'TitleCredit', examples: [{ id: 7, name: 'Keanu Reeves', poster: null, pivot: { id: 31, character: 'Neo', department: 'Actors', job: 'Actor', order: 0 } }] }) satisfies z.ZodType<TitleCredit>;
export const titleCreditListResponse = paginated(titleCreditEntity);
export const titleCreditResponse = entity({ credit: titleCreditEntity });

export const titleImageResponse = entity({ image: titleImageEntity });

// ---- the public pages' data calls ----

/** A title as a poster card shows it (related titles, "known for"). */
export const relatedTitleEntity = entity({
  id: recordId, name: z.string(), poster: z.string().nullable(), year: int.nullable(), rating: z.number().nullable(), is_series: z.boolean(),
}) satisfies z.ZodType<RelatedTitle>;

export const becauseYouWatchedResponse = entity({
  title: entity({ id: recordId, name: z.string() }).nullable(),
  items: z.array(relatedTitleEntity),
}).meta({ id: 'BecauseYouWatched' }) satisfies z.ZodType<BecauseYouWatched>;

/** A video as the public pages list it: the admin's video without its title, and without `src` for callers who may not see it. */
const publicVideoEntity = videoEntity.omit({ title: true }).extend({ src: z.string().optional() }) satisfies z.ZodType<PublicVideo>;

const credits = { cast: z.array(titleCreditEntity), crew: z.array(titleCreditEntity) };

const resumePointEntity = z.object({
  video_id: recordId, season: z.number().int().nullable(), episode: z.number().int().nullable(), position: z.number(), duration: z.number().nullable(),
});

const episodeProgressEntity = entity({ episode: z.number().int(), position: z.number(), duration: z.number().nullable() });

const playEpisodeEntity = z.object({ season: z.number().int(), episode: z.number().int() });

export const titlePageResponse = entity({
  title: titleEntity,
  play_video_id: recordId.nullable(),
  play_episode: playEpisodeEntity.nullable(),
  resume: resumePointEntity.nullable(),
  episode_progress: z.array(episodeProgressEntity),
  trailer_video_id: recordId.nullable(),
  videos: z.array(publicVideoEntity),
  seasons: z.array(seasonEntity),
  episodes: z.array(episodeEntity),
  ...credits,
  related: z.array(relatedTitleEntity),
  sections: z.array(entity({ name: z.enum(['episodes', 'seasons', 'videos', 'images', 'reviews', 'cast', 'related']), enabled: z.boolean() })),
  video_panel: entity({ mode: z.enum(['carousel', 'grid', 'hide']), content: z.enum(['all', 'full', 'short', 'trailer', 'clip']) }),
}).meta({ description: 'Everything the title page shows first: the title, its videos, seasons, latest episodes, cast, crew and related titles.' }) satisfies z.ZodType<TitlePageData>;

export const seasonPageResponse = entity({
  title: titleEntity, season: seasonEntity, episodes: z.array(episodeEntity), episode_progress: z.array(episodeProgressEntity), ...credits,
  videos: z.array(publicVideoEntity), play_video_id: recordId.nullable(), play_episode: playEpisodeEntity.nullable(), resume: resumePointEntity.nullable(),
  previous: int.nullable(), next: int.nullable(),
}).meta({ description: 'The season page: the season, its episodes, credits and videos, and the neighbouring season numbers.' }) satisfies z.ZodType<SeasonPageData>;

const episodeLink = entity({ season: int, episode: int, name: z.string() }).nullable() satisfies z.ZodType<EpisodeLink | null>;
export const episodePageResponse = entity({
  title: titleEntity, season: seasonEntity, episode: episodeEntity, ...credits, videos: z.array(publicVideoEntity),
  play_video_id: recordId.nullable(), resume: resumePointEntity.nullable(), previous: episodeLink, next: episodeLink,
}).meta({ description: 'The episode page: the episode, its credits and videos, and the episodes before and after it.' }) satisfies z.ZodType<EpisodePageData>;
