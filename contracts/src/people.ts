import { optionalDate } from './calendar-date.ts';
import { imageUrlField } from './image-url.ts';
import { CATALOGUE_MAX } from './titles.ts';
import { z, required } from './zod.ts';

export * from './people-constants.ts';

export const PERSON_GENDERS = ['female', 'male'] as const;
export const PERSON_DEFAULTS = { gender: 'female', known_for: 'Acting', popularity: 3 } as const;
export const PEOPLE_SORTS = ['popularity', 'name', 'birth_date', 'created_at', 'updated_at', 'views', 'id'] as const;

export interface Person {
  id: number;
  name: string;
  known_for: string | null;
  poster: string | null;
  birth_date: string | null;
  death_date: string | null;
  birth_place: string | null;
  description: string | null;
  gender: string | null;
  popularity: number | null;
  views: number;
  tmdb_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One row of a person's credits tab: the title with the pivot. */
export interface PersonCredit {
  id: number;
  title_id: number;
  name: string;
  poster: string | null;
  year: number | null;
  is_series: boolean;
  creditable_type: 'title' | 'season' | 'episode';
  /** Season and episode numbers of a season or episode credit. */
  season: number | null;
  episode: number | null;
  pivot: { id: number; character: string | null; department: string; job: string };
}

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);
const date = optionalDate();

const personFields = {
  name: z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(255),
  known_for: z.string(required('Known for is required.')).trim().min(1, 'Known for is required.').max(50),
  poster: imageUrlField.transform((v) => v || null),
  birth_date: date,
  death_date: date,
  birth_place: text(255),
  description: text(20000),
  gender: z.enum(PERSON_GENDERS, { error: 'Choose a gender.' }).nullish().transform((v) => v ?? null),
  popularity: z.number(required('Popularity must be a number.')).min(1, 'Popularity must be at least 1.')
    .max(CATALOGUE_MAX.popularity, `Popularity may not be greater than ${CATALOGUE_MAX.popularity.toLocaleString('en-US')}.`),
};

export const DEATH_BEFORE_BIRTH = 'The death date must be after the birth date.';
/** Both dates given and the death earlier (ISO days compare as text); the server checks an edit against the stored date too. */
export const diesBeforeBirth = (birth: string | null | undefined, death: string | null | undefined) => Boolean(birth && death && death < birth);
function checkLifespan(v: { birth_date?: string | null; death_date?: string | null }, ctx: z.RefinementCtx) {
  if (diesBeforeBirth(v.birth_date, v.death_date)) ctx.addIssue({ code: 'custom', path: ['death_date'], message: DEATH_BEFORE_BIRTH });
}
export const personCreateSchema = z.object({
  ...personFields,
  known_for: personFields.known_for.default(PERSON_DEFAULTS.known_for),
  gender: z.enum(PERSON_GENDERS, { error: 'Choose a gender.' }).default(PERSON_DEFAULTS.gender),
  popularity: personFields.popularity.default(PERSON_DEFAULTS.popularity),
}).superRefine(checkLifespan).meta({ examples: [{ name: 'Keanu Reeves', known_for: 'Acting', birth_date: '1964-09-02', birth_place: 'Beirut, Lebanon', gender: 'male', popularity: 40 }] });
export type PersonCreate = z.infer<typeof personCreateSchema>;
export const personUpdateSchema = z.object(personFields).partial().superRefine(checkLifespan).meta({ examples: [{ description: 'Canadian actor and musician.', popularity: 42 }] });
export type PersonUpdate = z.infer<typeof personUpdateSchema>;
