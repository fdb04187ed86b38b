import { optionalDate } from './calendar-date.ts';
import { imageUrlField } from './image-url.ts';
import { z, lowerCasedAtMost, required } from './zod.ts';

/** Catalogue constants (Part C section 9). */
export const TITLE_VIDEOS_PER_PAGE = 20;
export const CREDITS_PER_PAGE = 30;
export const SEASONS_PER_PAGE = 15;
export const TITLE_IMAGE_MAX_BYTES = 5_000_000;
/** A title's tags: genres, keywords and countries come with imports; custom tags are the site's own labels ("Staff pick"). */
export const TITLE_TAG_TYPES = ['genre', 'keyword', 'production_country', 'custom'] as const;
export type TitleTagType = (typeof TITLE_TAG_TYPES)[number];
export const CREDITABLE_TYPES = ['title', 'season', 'episode'] as const;
export type CreditableType = (typeof CREDITABLE_TYPES)[number];
export const TITLE_SORTS = ['popularity', 'release_date', 'name', 'rating', 'views', 'created_at', 'updated_at', 'runtime', 'budget', 'revenue', 'id'] as const;
export const TITLE_FILTERS = ['type', 'genres', 'keywords', 'countries', 'tags', 'release_date', 'created_at', 'updated_at', 'language', 'certification', 'year', 'rating'] as const;

export interface TitleTag {
  id: number;
  type: TitleTagType;
  name: string;
  display_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface TitleImage {
  id: number;
  url: string;
  type: string;
  order: number;
}

export interface Title {
  id: number;
  name: string;
  is_series: boolean;
  original_title: string | null;
  poster: string | null;
  backdrop: string | null;
  release_date: string | null;
  year: number | null;
  tagline: string | null;
  description: string | null;
  runtime: number | null;
  certification: string | null;
  budget: number | null;
  revenue: number | null;
  language: string | null;
  popularity: number | null;
  views: number;
  /** The rating the site shows (the content settings' rating column picks the service's or the members' average). */
  rating: number | null;
  /** How many votes that rating stands on. */
  vote_count: number;
  seasons_count: number;
  episodes_count: number;
  tmdb_id: number | null;
  created_at: string;
  updated_at: string;
  images?: TitleImage[];
  genres?: TitleTag[];
  keywords?: TitleTag[];
  production_countries?: TitleTag[];
  /** Custom tags. */
  tags?: TitleTag[];
}

export interface Season {
  id: number;
  title_id: number;
  number: number;
  name: string | null;
  poster: string | null;
  description: string | null;
  release_date: string | null;
  episodes_count: number;
  created_at: string;
  updated_at: string;
}

export interface Episode {
  id: number;
  title_id: number;
  season_id: number;
  name: string;
  description: string | null;
  release_date: string | null;
  runtime: number | null;
  popularity: number | null;
  /** Shown as the title's is: the service's or the members' average, as the rating column says. */
  rating: number | null;
  poster: string | null;
  season_number: number;
  episode_number: number;
  created_at: string;
  updated_at: string;
}

export interface CreditPivot {
  id: number;
  character: string | null;
  department: string;
  job: string;
  order: number;
}

/** A credit as a title's cast/crew tab lists it: the person with the pivot. */
export interface TitleCredit {
  id: number;
  name: string;
  poster: string | null;
  pivot: CreditPivot;
}

export interface TitleAutocompleteItem {
  id: number;
  name: string;
  year: number | null;
  poster: string | null;
  is_series: boolean;
}

// ---- validation -------------------------------------------------------------------------------

/**
 * Upper bounds of the catalogue's numbers: far beyond any real one (a 10,000-minute runtime, season 9,999 for
 * shows numbered by year, daily soaps' episode counts) while a typo like 99999999999999 is refused, not stored.
 */
export const CATALOGUE_MAX = { runtime: 10_000, money: 1_000_000_000_000, popularity: 1_000_000, season: 9_999, episode: 99_999 } as const;

const text = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);
const date = optionalDate();

export const INVALID_TITLE_LANGUAGE = 'The language must be a two-letter ISO 639-1 code, such as "en".';
/** The movie database's own codes beside ISO 639-1: "xx" (no language) and "cn" (Cantonese); its imports carry them. */
const TMDB_EXTRA_LANGUAGES = new Set(['xx', 'cn']);
let languageNames: Intl.DisplayNames | undefined;
/** A title's original language: a two-letter ISO 639-1 code (lower case), as the movie database gives it. */
export const isTitleLanguage = (v: string) => {
  if (!/^[a-z]{2}$/.test(v)) return false;
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  return TMDB_EXTRA_LANGUAGES.has(v) || languageNames.of(v) !== undefined;
};
const language = z.string().trim().toLowerCase().max(10).nullish()
  .refine((v) => !v || isTitleLanguage(v), INVALID_TITLE_LANGUAGE)
  .transform((v) => v || null);
const atMost = (field: string, max: number) => `${field} may not be greater than ${max.toLocaleString('en-US')}.`;
const minOne = (field: string, max: number) => z.number({ error: `${field} must be a number.` }).min(1, `${field} must be at least 1.`).max(max, atMost(field, max))
  .nullish().transform((v) => v ?? null);
const intMinOne = (field: string, max: number) => z.number({ error: `${field} must be a number.` }).int(`${field} must be a whole number.`).min(1, `${field} must be at least 1.`)
  .max(max, atMost(field, max)).nullish().transform((v) => v ?? null);
const url = imageUrlField.transform((v) => v || null);
export const requiredName = z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(255, 'Name may not be longer than 255 characters.');

export const titleFields = {
  name: requiredName,
  is_series: z.boolean().default(false),
  original_title: text(255),
  poster: url,
  backdrop: url,
  release_date: date,
  tagline: text(500),
  description: text(20000),
  runtime: intMinOne('Runtime', CATALOGUE_MAX.runtime),
  certification: text(50),
  budget: intMinOne('Budget', CATALOGUE_MAX.money),
  revenue: intMinOne('Revenue', CATALOGUE_MAX.money),
  language,
  popularity: minOne('Popularity', CATALOGUE_MAX.popularity),
};
const titleExample = {
  name: 'The Matrix', is_series: false, original_title: 'The Matrix', release_date: '1999-03-31', tagline: 'Welcome to the Real World.',
  description: 'A hacker learns what the Matrix is.', runtime: 136, certification: 'R', language: 'en', popularity: 81.5,
};
export const titleCreateSchema = z.object(titleFields).meta({ examples: [titleExample] });
export type TitleCreate = z.infer<typeof titleCreateSchema>;
/** Update takes any subset: untouched fields stay as they are. */
export const titleUpdateSchema = z.object({ ...titleFields, is_series: z.boolean() }).partial()
  .meta({ examples: [{ tagline: 'Free your mind.', runtime: 136 }] });
export type TitleUpdate = z.infer<typeof titleUpdateSchema>;

export const seasonCreateSchema = z.object({
  number: z.number().int().min(1, 'Season number must be at least 1.').max(CATALOGUE_MAX.season, atMost('Season number', CATALOGUE_MAX.season)).optional(),
  release_date: date,
  poster: url,
  description: text(20000),
}).meta({ examples: [{ number: 2, release_date: '2009-03-08', description: 'Walt and Jesse try to get back to business.' }] });

const episodeFields = {
  name: requiredName,
  description: text(20000),
  release_date: date,
  runtime: intMinOne('Runtime', CATALOGUE_MAX.runtime),
  popularity: minOne('Popularity', CATALOGUE_MAX.popularity),
  poster: url,
  episode_number: z.number().int().min(1, 'Episode number must be at least 1.').max(CATALOGUE_MAX.episode, atMost('Episode number', CATALOGUE_MAX.episode)).optional(),
};
export const episodeCreateSchema = z.object(episodeFields)
  .meta({ examples: [{ name: 'Pilot', episode_number: 1, release_date: '2008-01-20', runtime: 58, description: 'A chemistry teacher turns to crime.' }] });
export const episodeUpdateSchema = z.object(episodeFields).partial().meta({ examples: [{ name: 'Pilot (extended)', runtime: 62 }] });
export type EpisodeCreate = z.infer<typeof episodeCreateSchema>;

/** Credit departments as TMDb names them; 'Actors' is cast, the rest crew. */
export const CREDIT_DEPARTMENTS = ['Actors', 'Directing', 'Writing', 'Production', 'Camera', 'Editing', 'Sound', 'Art', 'Costume & Make-Up', 'Crew', 'Visual Effects', 'Lighting', 'Creator'] as const;
/**
 * One of those departments, as the credit forms offer them: which list a credit is on (cast or crew) follows from it,
 * so a free-typed 'actors' or 'Acting' would be checked as cast but listed as crew.
 */
const creditDepartment = z.string(required('Department is required.')).trim().min(1, 'Department is required.')
  .refine((v) => (CREDIT_DEPARTMENTS as readonly string[]).includes(v), 'Choose a department from the list.');
export const creditSchema = z.object({
  person_id: z.number(required('Choose a person.')).int().min(1, 'Choose a person.'),
  department: creditDepartment,
  job: z.string(required('Job is required.')).trim().min(1, 'Job is required.').max(100),
  character: text(255),
  season: z.number().int().min(1).max(CATALOGUE_MAX.season).nullish(),
  episode: z.number().int().min(1).max(CATALOGUE_MAX.episode).nullish(),
}).superRefine((v, ctx) => {
  if (v.department === 'Actors' && !v.character) {
    ctx.addIssue({ code: 'custom', path: ['character'], message: 'Character is required for actors.' });
  }
}).meta({ examples: [{ person_id: 7, department: 'Actors', job: 'Actor', character: 'Neo' }, { person_id: 8, department: 'Directing', job: 'Director', season: 1, episode: 2 }] });
export type CreditCreate = z.infer<typeof creditSchema>;
export const creditUpdateSchema = z.object({
  department: creditDepartment,
  job: z.string(required('Job is required.')).trim().min(1, 'Job is required.').max(100),
  character: text(255),
}).superRefine((v, ctx) => {
  if (v.department === 'Actors' && !v.character) {
    ctx.addIssue({ code: 'custom', path: ['character'], message: 'Character is required for actors.' });
  }
}).meta({ examples: [{ department: 'Actors', job: 'Actor', character: 'Thomas A. Anderson' }] });
export type CreditUpdate = z.infer<typeof creditUpdateSchema>;
/** Credit ids (one title, season or episode's) in their new order. */
export const creditReorderSchema = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) }).meta({ examples: [{ ids: [31, 29, 30] }] });

export const titleTagSchema = z.object({
  name: z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(100).superRefine(lowerCasedAtMost(100)),
  display_name: text(100),
}).meta({ examples: [{ name: 'science fiction', display_name: 'Science Fiction' }] });
export const attachTagSchema = z.object({
  tag_name: z.string(required('Name is required.')).trim().min(1, 'Name is required.').max(100).superRefine(lowerCasedAtMost(100)),
}).meta({ examples: [{ tag_name: 'Cyberpunk' }] });

