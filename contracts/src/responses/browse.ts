import { z } from '../zod.ts';
import { VALUE_LISTS, type ValueListItem, type ValueLists } from '../browse.ts';
import type { PublicSearchResults, SearchEpisodeHit, SearchPersonHit, SearchTitleHit, TmdbOpened } from '../browse.ts';
import { entity, integer as int, recordId } from './common.ts';

/** Answers of the public site's browse calls: option lists and the grouped search. */

const valueListItem = entity({
  value: z.union([z.string(), z.number()]).meta({ description: 'What the titles list filters on: a tag id, or a language or certification code.' }),
  name: z.string(),
  department: z.string().optional(),
  symbol: z.string().optional(),
}) satisfies z.ZodType<ValueListItem>;

/** `GET value-lists/{names}`: one key per asked list. */
export const valueListsResponse = entity(Object.fromEntries(VALUE_LISTS.map((name) => [name, z.array(valueListItem).optional()])))
  .meta({ examples: [{ genres: [{ value: 3, name: 'Science Fiction' }], languages: [{ value: 'en', name: 'English' }] }] }) satisfies z.ZodType<ValueLists>;

const titleHit = entity({
  id: recordId.nullable(), tmdb_id: int.optional(), name: z.string(), is_series: z.boolean(), year: int.nullable(), poster: z.string().nullable(), rating: z.number().nullable(), description: z.string().nullable(),
}) satisfies z.ZodType<SearchTitleHit>;
const personHit = entity({ id: recordId.nullable(), tmdb_id: int.optional(), name: z.string(), poster: z.string().nullable(), known_for: z.string().nullable() }) satisfies z.ZodType<SearchPersonHit>;
const episodeHit = entity({
  id: recordId, name: z.string(), title_id: recordId, title_name: z.string(), season_number: int, episode_number: int, poster: z.string().nullable(),
  release_date: z.string().nullable(),
}) satisfies z.ZodType<SearchEpisodeHit>;

export const tmdbOpenedResponse = entity({ id: recordId, name: z.string() }).meta({ examples: [{ id: 42, name: 'Fight Club' }] }) satisfies z.ZodType<TmdbOpened>;

/** `GET search`: groups the caller may not see are absent rather than empty. */
export const publicSearchResponse = entity({
  query: z.string(),
  results: entity({ titles: z.array(titleHit).optional(), people: z.array(personHit).optional(), episodes: z.array(episodeHit).optional() }),
  more: entity({ titles: z.boolean().optional(), people: z.boolean().optional(), episodes: z.boolean().optional() }).optional()
    .meta({ description: 'Per group shown: whether the catalogue has more hits after this page.' }),
}).meta({
  examples: [{ query: 'matrix', results: { titles: [{ id: 42, name: 'The Matrix', is_series: false, year: 1999, poster: null, rating: 8.2, description: 'A hacker learns what the Matrix is.' }], people: [], episodes: [] }, more: { titles: false, people: false, episodes: false } }],
}) satisfies z.ZodType<PublicSearchResults>;
