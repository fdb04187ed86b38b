import type { FilterItem } from '@app/contracts/list';
import { BROWSE_SORTS, type BrowseSort } from '@app/contracts/browse-constants';

/** What a browse page's URL holds: every filter and the sort, so a filtered page can be shared or reloaded. */
export interface BrowseState {
  genres: number[];
  yearFrom: string;
  yearTo: string;
  ratingFrom: string;
  ratingTo: string;
  country: string;
  language: string;
  certification: string;
  /** One keyword's id: a title page's keyword opens the titles that share it. */
  keyword: string;
  /** One custom tag's id ("Staff pick"), opened from a title page the same way. */
  tag: string;
  sort: BrowseSort;
  dir: 'asc' | 'desc';
}

const tagId = (v: string | null) => (/^[1-9]\d{0,9}$/.test(v ?? '') ? v! : '');
/**
 * A year or rating box's value: only what its number box can show. Anything else in a link ("abc", "7,5") would be
 * sent while the box looks empty, so the page would show the server's error with no way to see which box holds it.
 * Numbers out of range stay: the box shows them beside the server's message about the range.
 */
const numberText = (v: string | null) => (/^\d{1,6}(\.\d{1,3})?$/.test(v?.trim() ?? '') ? v!.trim() : '');

const isSort = (s: string | null): s is BrowseSort => s !== null && (BROWSE_SORTS as readonly string[]).includes(s);

export function readBrowseState(p: URLSearchParams): BrowseState {
  const sort = p.get('order');
  return {
    genres: (p.get('genres') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0),
    yearFrom: numberText(p.get('year_from')),
    yearTo: numberText(p.get('year_to')),
    ratingFrom: numberText(p.get('rating_from')),
    ratingTo: numberText(p.get('rating_to')),
    // A country is the id its select lists; anything else could only be answered with an error the select cannot show.
    country: tagId(p.get('country')),
    language: p.get('language') ?? '',
    certification: p.get('certification') ?? '',
    keyword: tagId(p.get('keyword')),
    tag: tagId(p.get('tag')),
    sort: isSort(sort) ? sort : 'popularity',
    // Names read best A→Z; everything else best first.
    dir: p.get('dir') === 'asc' || p.get('dir') === 'desc' ? (p.get('dir') as 'asc' | 'desc') : sort === 'name' ? 'asc' : 'desc',
  };
}

/** The URL of a state; defaults are left out so shared links stay short. */
export function writeBrowseState(s: BrowseState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.genres.length) p.set('genres', s.genres.join(','));
  const set = (k: string, v: string) => { if (v.trim()) p.set(k, v.trim()); };
  set('year_from', s.yearFrom);
  set('year_to', s.yearTo);
  set('rating_from', s.ratingFrom);
  set('rating_to', s.ratingTo);
  set('country', s.country);
  set('language', s.language);
  set('certification', s.certification);
  set('keyword', s.keyword);
  set('tag', s.tag);
  if (s.sort !== 'popularity') p.set('order', s.sort);
  if (s.dir !== (s.sort === 'name' ? 'asc' : 'desc')) p.set('dir', s.dir);
  return p;
}

/** The movies or series page narrowed as given, with every other filter at its default (a title's genre, year ...). */
export function browseUrl(isSeries: boolean, narrowed: Partial<BrowseState>): string {
  return `${isSeries ? '/series' : '/movies'}?${writeBrowseState({ ...readBrowseState(new URLSearchParams()), ...narrowed })}`;
}

/** The titles list's `filters` for a state (the server checks the ranges and answers 422 when impossible). */
export function browseFilters(type: 'movie' | 'series', s: BrowseState): FilterItem[] {
  const out: FilterItem[] = [{ key: 'type', value: type, operator: '=' }];
  if (s.genres.length) out.push({ key: 'genres', value: s.genres.join(','), operator: '=' });
  if (s.yearFrom || s.yearTo) out.push({ key: 'year', value: { start: s.yearFrom, end: s.yearTo }, operator: 'between' });
  if (s.ratingFrom || s.ratingTo) out.push({ key: 'rating', value: { start: s.ratingFrom, end: s.ratingTo }, operator: 'between' });
  if (s.country) out.push({ key: 'countries', value: s.country, operator: '=' });
  if (s.language) out.push({ key: 'language', value: s.language, operator: '=' });
  if (s.certification) out.push({ key: 'certification', value: s.certification, operator: '=' });
  if (s.keyword) out.push({ key: 'keywords', value: s.keyword, operator: '=' });
  if (s.tag) out.push({ key: 'tags', value: s.tag, operator: '=' });
  return out;
}
