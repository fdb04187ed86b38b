import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index.ts';
import { createTestApp, guest } from './helper.ts';

const t = await createTestApp();

describe('GET value-lists: the lookups of Part C section 7', () => {
  it('answers several lookups in one call', async () => {
    const now = nowIso();
    await t.ctx.db.insertInto('title_tags').values([
      { type: 'keyword', name: 'heist', display_name: 'Heist', created_at: now, updated_at: now },
      { type: 'keyword', name: 'time-travel', display_name: 'Time travel', created_at: now, updated_at: now },
    ] as never).execute();
    const res = await guest(t).get('/api/v1/value-lists/currencies,tmdbLanguages,tmdbDepartments,titleFilterAgeRatings,keywords');
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['currencies', 'keywords', 'titleFilterAgeRatings', 'tmdbDepartments', 'tmdbLanguages']);

    expect(res.body.currencies).toContainEqual({ value: 'USD', name: 'US Dollar', symbol: '$' });
    expect(res.body.currencies).toContainEqual(expect.objectContaining({ value: 'EUR', symbol: '€' }));
    expect(res.body.tmdbLanguages).toContainEqual({ value: 'en', name: 'English' });
    // ISO 639-1 only: TMDb's original_language has no regional variants.
    expect(res.body.tmdbLanguages.some((l: any) => String(l.value).includes('-'))).toBe(false);
    // Entries with their department.
    expect(res.body.tmdbDepartments).toContainEqual({ value: 'Director', name: 'Director', department: 'Directing' });
    expect(res.body.tmdbDepartments).toContainEqual({ value: 'Screenplay', name: 'Screenplay', department: 'Writing' });
    expect(res.body.titleFilterAgeRatings.map((r: any) => r.value)).toEqual(expect.arrayContaining(['G', 'PG-13', 'R', 'TV-MA']));
    expect(res.body.keywords.map((k: any) => k.name)).toEqual(['Heist', 'Time travel']);
  });

  it('names the catalogue\'s languages instead of showing their codes', async () => {
    const now = nowIso();
    await t.ctx.db.insertInto('titles').values({ name: 'Le Film', is_series: false, language: 'fr', created_at: now, updated_at: now } as never).execute();
    const res = await guest(t).get('/api/v1/value-lists/languages');
    expect(res.body.languages).toEqual([{ value: 'fr', name: 'French' }]);
  });

  it('refuses unknown lookups', async () => {
    for (const bad of ['currencies,nope', 'toString']) {
      const res = await guest(t).get(`/api/v1/value-lists/${bad}`);
      expect(res.status, bad).toBe(422);
    }
  });
});
