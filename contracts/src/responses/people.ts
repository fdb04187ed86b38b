import { z } from '../zod.ts';
import type { Person, PersonCredit } from '../people.ts';
import type { PersonPageData } from '../title-pages.ts';
import { entity, integer as int, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { relatedTitleEntity } from './titles.ts';

export const personEntity = entity({
  id: recordId,
  name: z.string(),
  known_for: z.string().nullable(),
  poster: z.string().nullable(),
  birth_date: z.string().nullable(),
  death_date: z.string().nullable(),
  birth_place: z.string().nullable(),
  description: z.string().nullable(),
  gender: z.string().nullable(),
  popularity: z.number().nullable(),
  views: int,
  tmdb_id: int.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'Person',
  examples: [{
    id: 7, name: 'Keanu Reeves', known_for: 'Acting', poster: null, birth_date: '1964-09-02', death_date: null, birth_place: 'Beirut, Lebanon',
    description: 'Canadian actor.', gender: 'male', popularity: 40.2, views: 310, tmdb_id: 6384, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<Person>;

/** One of a person's credits: the title (`title_id`) with the pivot; `id` is the credit's. */
export const personCreditEntity = entity({
  id: recordId, title_id: recordId, name: z.string(), poster: z.string().nullable(), year: int.nullable(), is_series: z.boolean(),
  creditable_type: z.enum(['title', 'season', 'episode']), season: int.nullable(), episode: int.nullable(),
  pivot: entity({ id: recordId, character: z.string().nullable(), department: z.string(), job: z.string() }),
}).meta({
  id: 'PersonCredit',
  examples: [{ id: 31, title_id: 42, name: 'The Matrix', poster: null, year: 1999, is_series: false, creditable_type: 'title', season: null, episode: null, pivot: { id: 31, character: 'Neo', department: 'Actors', job: 'Actor' } }],
}) satisfies z.ZodType<PersonCredit>;

export const personListResponse = paginated(personEntity);
export const personResponse = entity({ person: personEntity });
/** The edit page's data: the person and every credit. */
export const personWithCreditsResponse = entity({ person: personEntity, credits: z.array(personCreditEntity) });
/** The stored poster's URL, for the person form to save. */
export const personPosterResponse = entity({ url: z.string() }).meta({ examples: [{ url: 'storage/person-posters/3f2a.jpg' }] });
export const personPageResponse = entity({ person: personEntity, credits: z.array(personCreditEntity), known_for: z.array(relatedTitleEntity) })
  .meta({ description: 'The person page: the person, every credit (newest first) and their most popular titles.' }) satisfies z.ZodType<PersonPageData>;
