import { describe, expect, it } from 'vitest';
import { browseFilters, readBrowseState, writeBrowseState } from './browse-params';

const read = (query: string) => readBrowseState(new URLSearchParams(query));

describe('a browse page link', () => {
  it('keeps the filters its boxes can show, out-of-range numbers included (the page shows the server\'s range message beside them)', () => {
    const s = read('genres=3,7&year_from=1990&year_to=2200&rating_from=7.5&rating_to=99&country=43&language=ko&certification=PG-13&order=rating&dir=asc');
    expect(s).toMatchObject({ genres: [3, 7], yearFrom: '1990', yearTo: '2200', ratingFrom: '7.5', ratingTo: '99', country: '43', language: 'ko', certification: 'PG-13', sort: 'rating', dir: 'asc' });
    expect(writeBrowseState(s).toString()).toBe('genres=3%2C7&year_from=1990&year_to=2200&rating_from=7.5&rating_to=99&country=43&language=ko&certification=PG-13&order=rating&dir=asc');
  });

  it('drops values no box can show, so a mistyped or stale link opens the page instead of an error about an empty box', () => {
    const s = read('year_from=abc&year_to=19 90&rating_from=7,5&rating_to=-1&country=zz&genres=__proto__,x&order=constructor&dir=up');
    expect(s).toMatchObject({ genres: [], yearFrom: '', yearTo: '', ratingFrom: '', ratingTo: '', country: '', sort: 'popularity', dir: 'desc' });
    expect(browseFilters('movie', s)).toEqual([{ key: 'type', value: 'movie', operator: '=' }]);
  });
});
