import { describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, listUrl } from './helper.ts';

const t = await createTestApp();
const admin = await asAdmin(t);

const backwards = { start: '2024-02-01T00:00:00.000Z', end: '2024-01-01T23:59:59.999Z' };

// Every list whose filters take a created/updated date range shares one rule (contracts' refineDateRange).
const LISTS = ['/api/v1/users', '/api/v1/custom-pages', '/api/v1/titles', '/api/v1/people', '/api/v1/videos', '/api/v1/tags', '/api/v1/roles', '/api/v1/file-entries'];

describe('date-range filters', () => {
  it.each(LISTS)('%s refuses an end before the start with the spec\'s texts on both fields', async (endpoint) => {
    const res = await admin.get(listUrl(endpoint, { filters: [{ key: 'created_at', operator: 'between', value: backwards }] }));
    expect(res.status).toBe(422);
    expect(res.body.errors['filters.0.value.end']).toEqual(['Enter a date after 2024-02-01']);
    expect(res.body.errors['filters.0.value.start']).toEqual(['Enter a date before 2024-01-01']);
  });

  it('names the failing filter by its place in the list', async () => {
    const res = await admin.get(listUrl('/api/v1/users', { filters: [
      { key: 'created_at', operator: 'between', value: { start: '2024-01-01T00:00:00.000Z', end: '2024-12-31T00:00:00.000Z' } },
      { key: 'updated_at', operator: 'between', value: backwards },
    ] }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['filters.1.value.end', 'filters.1.value.start']);
  });

  it('accepts a range in order, and a one-day range', async () => {
    for (const value of [{ start: '2024-01-01T00:00:00.000Z', end: '2024-02-01T00:00:00.000Z' }, { start: '2024-01-01T00:00:00.000Z', end: '2024-01-01T00:00:00.000Z' }]) {
      const res = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'created_at', operator: 'between', value }] }));
      expect(res.status).toBe(200);
    }
  });

  it('refuses a day the calendar does not have (Feb 31 read as Mar 3), in a range and alone', async () => {
    for (const filter of [
      { key: 'created_at', operator: 'between', value: { start: '2026-02-31', end: '2026-03-05' } },
      { key: 'created_at', operator: 'between', value: { start: '2026-02-01T00:00:00.000Z', end: '2026-04-31T23:59:59.999Z' } },
      { key: 'created_at', operator: '>=', value: '2026-02-30T10:00:00.000Z' },
    ]) {
      const res = await admin.get(listUrl('/api/v1/users', { filters: [filter] }));
      expect(res.status, JSON.stringify(filter)).toBe(422);
      expect(res.body.errors.filters).toEqual(['Invalid date for created_at']);
    }
    // The open ends the admin's filter sends from a zone west of UTC still pass.
    const open = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'created_at', operator: 'between', value: { start: '1970-01-01T08:00:00.000Z', end: '3000-01-01T07:59:59.999Z' } }] }));
    expect(open.status).toBe(200);
  });

  it('applies to the import\'s release dates too', async () => {
    const res = await admin.post('/api/v1/tmdb/import', {
      type: 'movie', pages_to_import: 1, start_from_page: 1, current_page: 1, start_date: '2020-05-01', end_date: '2020-01-01',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.end_date).toEqual(['Enter a date after 2020-05-01']);
    expect(res.body.errors.start_date).toEqual(['Enter a date before 2020-01-01']);
  });
});
