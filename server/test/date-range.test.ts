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

  it('names the days the user picked: in the site\'s timezone, or the offset a bound carries', async () => {
    // Dec 2 to Dec 1 picked in Tokyo: the client sends the start of Dec 2 and the end of Dec 1 there, as UTC instants.
    const tokyo = { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T14:59:59.999Z' };
    const set = (zone: string) => admin.post('/api/v1/settings', { client: { 'client.dates.default_timezone': zone } });
    expect((await set('Asia/Tokyo')).status).toBe(200);
    try {
      const res = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'created_at', operator: 'between', value: tokyo }] }));
      expect(res.status).toBe(422);
      expect(res.body.errors['filters.0.value.end']).toEqual(['Enter a date after 2026-12-02']);
      expect(res.body.errors['filters.0.value.start']).toEqual(['Enter a date before 2026-12-01']);
      // A suspension in the past names today as the site sees it, too.
      const past = await admin.post('/api/v1/users/1/ban', { permanent: false, ban_until: '2000-01-01T00:00:00.000Z' });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
      expect(past.body.errors.ban_until).toEqual([`Enter a date after ${today}`]);
    } finally {
      await set('auto');
    }
    // A bound with its own offset names its own day, whatever the site's zone.
    const offsets = { start: '2026-12-02T00:00:00.000+09:00', end: '2026-12-01T23:59:59.999+09:00' };
    const res = await admin.get(listUrl('/api/v1/users', { filters: [{ key: 'created_at', operator: 'between', value: offsets }] }));
    expect(res.body.errors['filters.0.value.end']).toEqual(['Enter a date after 2026-12-02']);
  });

  it('names a report\'s days in the timezone the call carries', async () => {
    const res = await admin.get(listUrl('/api/v1/admin/reports', { startDate: '2026-12-01T15:00:00.000Z', endDate: '2026-11-30T15:00:00.000Z', timezone: 'Asia/Tokyo' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ startDate: ['Enter a date before 2026-12-01'], endDate: ['Enter a date after 2026-12-02'] });
  });
});
