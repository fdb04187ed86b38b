import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index.ts';
import { Client, asAdmin, asUser, createTestApp, listUrl } from './helper.ts';

const t = await createTestApp();
let admin: Client;

const count = async () => (await t.ctx.db.selectFrom('title_tags').select('id').execute()).length;
const names = (res: { body: any }) => res.body.pagination.data.map((x: any) => x.name);

async function insertTag(name: string, type: string, created = nowIso()) {
  return (await t.ctx.db.insertInto('title_tags').values({ name, display_name: name.toUpperCase(), type: type as never, tmdb_id: null, created_at: created, updated_at: created })
    .returning('id').executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  admin = await asAdmin(t);
});

describe('POST tags', () => {
  it("creates a tag ('Tag created'); display_name defaults to the name; type defaults to custom", async () => {
    const res = await admin.post('/api/v1/tags', { name: 'staff-pick', display_name: 'Staff pick', type: 'custom' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tag).toMatchObject({ name: 'staff-pick', display_name: 'Staff pick', type: 'custom' });
    expect(typeof res.body.tag.id).toBe('number');
    expect(res.body.tag.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const bare = await admin.post('/api/v1/tags', { name: '  trending  ' });
    expect(bare.body.tag).toMatchObject({ name: 'trending', display_name: 'trending', type: 'custom' });
  });

  it('requires a name', async () => {
    const before = await count();
    const res = await admin.post('/api/v1/tags', { display_name: 'No name' });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['The name field is required.']);
    expect((await admin.post('/api/v1/tags', { name: '' })).body.errors.name).toEqual(['The name field is required.']);
    expect(await count()).toBe(before);
  });

  it('measures a name as it is stored, lower-cased (PostgreSQL refused a name lower-casing made too long)', async () => {
    const tooLong = 'İ'.repeat(60); // 60 characters typed, 120 lower-cased
    for (const [url, body, field] of [['/api/v1/tags', { name: tooLong, type: 'custom' }, 'name'], ['/api/v1/title-tags/genre', { name: tooLong }, 'name'],
      ['/api/v1/titles/1/tags/keyword', { tag_name: tooLong }, 'tag_name']] as const) {
      const res = await admin.post(url, body);
      expect(res.status, url).toBe(422);
      expect(res.body.errors[field], url).toEqual(['Must be at most 100 characters.']);
    }
    const fits = await admin.post('/api/v1/tags', { name: 'İ'.repeat(50), type: 'custom' });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.body.tag.display_name).toBe('İ'.repeat(50));
  });

  it('refuses a name that exists in the same type', async () => {
    const before = await count();
    const res = await admin.post('/api/v1/tags', { name: 'staff-pick', display_name: 'Another' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('A tag with this name already exists.');
    expect(res.body.errors.name).toEqual(['A tag with this name already exists.']);
    expect(await count()).toBe(before);
  });

  it('lets exactly one of several racing creates with one name through', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => admin.post('/api/v1/tags', { name: 'racing' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors.name).toEqual(['A tag with this name already exists.']);
  });

  it('refuses system types and unknown types', async () => {
    for (const type of ['genre', 'keyword', 'production_country']) {
      const res = await admin.post('/api/v1/tags', { name: `sys-${type}`, type });
      expect(res.status).toBe(422);
      expect(res.body.errors.type).toEqual(['System tag types cannot be chosen.']);
    }
    const unknown = await admin.post('/api/v1/tags', { name: 'odd', type: 'planet' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.type).toEqual(['The selected type is invalid.']);
    expect(await t.ctx.db.selectFrom('title_tags').select('id').where('name', 'in', ['sys-genre', 'odd']).execute()).toEqual([]);
  });

  it('needs tags.update', async () => {
    const user = await asUser(t);
    expect((await user.post('/api/v1/tags', { name: 'nope' })).status).toBe(403);
    expect((await user.get('/api/v1/tags')).status).toBe(403);
    const manager = await asUser(t, { permissions: ['tags.update'] });
    expect((await manager.post('/api/v1/tags', { name: 'by-manager' })).status).toBe(200);
  });
});

describe('PUT tags/{id}', () => {
  it("updates name, display_name and type ('Tag updated')", async () => {
    const id = (await admin.post('/api/v1/tags', { name: 'old-name' })).body.tag.id;
    const res = await admin.put(`/api/v1/tags/${id}`, { name: 'new-name', display_name: 'New name', type: 'custom' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tag).toMatchObject({ id, name: 'new-name', display_name: 'New name', type: 'custom' });
    // Keeping its own name is not a clash.
    expect((await admin.put(`/api/v1/tags/${id}`, { name: 'new-name', display_name: 'Renamed', type: 'custom' })).status).toBe(200);
  });

  it('refuses a name another tag of the type has, a system type, a missing name and a missing tag', async () => {
    const id = (await admin.post('/api/v1/tags', { name: 'unique-one' })).body.tag.id;
    const clash = await admin.put(`/api/v1/tags/${id}`, { name: 'staff-pick', display_name: 'x', type: 'custom' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.name).toEqual(['A tag with this name already exists.']);
    const sys = await admin.put(`/api/v1/tags/${id}`, { name: 'unique-one', type: 'genre' });
    expect(sys.status).toBe(422);
    expect(sys.body.errors.type).toEqual(['System tag types cannot be chosen.']);
    expect((await admin.put(`/api/v1/tags/${id}`, { name: ' ', type: 'custom' })).status).toBe(422);
    const row = await t.ctx.db.selectFrom('title_tags').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'unique-one', type: 'custom' });
    expect((await admin.put('/api/v1/tags/999999', { name: 'x' })).status).toBe(404);
  });

  it('a tag of a system type may keep its type while its names change', async () => {
    const id = await insertTag('drama', 'genre');
    const res = await admin.put(`/api/v1/tags/${id}`, { name: 'drama', display_name: 'Drama films', type: 'genre' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tag).toMatchObject({ display_name: 'Drama films', type: 'genre' });
    // The same name in another type is a different tag.
    expect((await admin.post('/api/v1/tags', { name: 'drama' })).status).toBe(200);
  });
});

describe('GET tags', () => {
  beforeAll(async () => {
    await insertTag('alpha-list', 'keyword', '2024-01-01T00:00:00.000Z');
    await insertTag('beta-list', 'custom', '2024-02-01T00:00:00.000Z');
    await insertTag('gamma-list', 'custom', '2024-03-01T00:00:00.000Z');
  });

  it('answers the pagination shape, newest update first by default', async () => {
    const res = await admin.get('/api/v1/tags');
    expect(res.status, res.text).toBe(200);
    const p = res.body.pagination;
    expect(Object.keys(p).sort()).toEqual(['current_page', 'data', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(p.total).toBe(await count());
    const updated = p.data.map((x: any) => x.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(Object.keys(p.data[0]).sort()).toEqual(['created_at', 'display_name', 'id', 'name', 'type', 'updated_at']);
  });

  it('searches name and display_name through the index', async () => {
    expect(names(await admin.get(listUrl('/api/v1/tags', { query: 'list', orderBy: 'name', orderDir: 'asc' })))).toEqual(['alpha-list', 'beta-list', 'gamma-list']);
    // insertTag upper-cases the display name; trigram search ignores case.
    expect(names(await admin.get(listUrl('/api/v1/tags', { query: 'GAMMA' })))).toEqual(['gamma-list']);
    expect(names(await admin.get(listUrl('/api/v1/tags', { query: 'al' })))).toEqual(['alpha-list']);
    expect((await admin.get(listUrl('/api/v1/tags', { query: '__%' }))).body.pagination.total).toBe(0);
  });

  it('filters by type and date, sorts by whitelisted columns', async () => {
    expect(names(await admin.get(listUrl('/api/v1/tags', { query: 'list', filters: [{ key: 'type', value: 'keyword' }] })))).toEqual(['alpha-list']);
    const dated = await admin.get(listUrl('/api/v1/tags', {
      query: 'list', orderBy: 'created_at', orderDir: 'desc',
      filters: [{ key: 'created_at', operator: 'between', value: { start: '2024-01-15T00:00:00Z', end: '2024-12-31T00:00:00Z' } }],
    }));
    expect(names(dated)).toEqual(['gamma-list', 'beta-list']);
    for (const orderBy of ['name', 'display_name', 'type', 'created_at', 'updated_at']) {
      expect((await admin.get(listUrl('/api/v1/tags', { orderBy, orderDir: 'asc' }))).status).toBe(200);
    }
    expect((await admin.get(listUrl('/api/v1/tags', { orderBy: 'id; drop table tags' }))).status).toBe(422);
    expect((await admin.get(listUrl('/api/v1/tags', { filters: [{ key: 'name', value: 'x' }] }))).status).toBe(422);
  });
});

describe('DELETE tags/{ids}', () => {
  it('deletes several tags at once', async () => {
    const a = (await admin.post('/api/v1/tags', { name: 'bulk-a' })).body.tag.id;
    const b = (await admin.post('/api/v1/tags', { name: 'bulk-b' })).body.tag.id;
    const keep = (await admin.post('/api/v1/tags', { name: 'bulk-keep' })).body.tag.id;
    const res = await admin.delete(`/api/v1/tags/${a},${b}`);
    expect(res.status, res.text).toBe(200);
    const left = await t.ctx.db.selectFrom('title_tags').select('id').where('id', 'in', [a, b, keep]).execute();
    expect(left.map((r) => r.id)).toEqual([keep]);
    expect(names(await admin.get(listUrl('/api/v1/tags', { query: 'bulk' })))).toEqual(['bulk-keep']);
    expect((await admin.delete('/api/v1/tags/abc')).status).toBe(422);
    // Deleted again (another tab): none of the ids is a tag, a 404 like every bulk delete.
    const again = await admin.delete(`/api/v1/tags/${a},${b}`);
    expect([again.status, again.body.message]).toEqual([404, 'Tag not found']);
    const user = await asUser(t);
    expect((await user.delete(`/api/v1/tags/${keep}`)).status).toBe(403);
  });
});

describe('one store: the Tags page and the catalogue', () => {
  const createTitle = async (name: string) => (await admin.post('/api/v1/titles', { name, is_series: false })).body.title;

  it('a custom tag attaches to titles, narrows the titles list and the public browse, and leaves them when deleted', async () => {
    const tag = (await admin.post('/api/v1/tags', { name: 'Staff Pick', display_name: 'Staff pick' })).body.tag;
    expect(tag).toMatchObject({ name: 'staff pick', display_name: 'Staff pick', type: 'custom' });
    const [picked, other] = [await createTitle('Picked film'), await createTitle('Other film')];
    const attached = await admin.post(`/api/v1/titles/${picked.id}/tags/custom`, { tag_name: 'staff pick' });
    expect(attached.status, attached.text).toBe(200);
    // Attached by name: the Tags page's tag, not a second one.
    expect(attached.body.title.tags).toEqual([expect.objectContaining({ id: tag.id, display_name: 'Staff pick', type: 'custom' })]);
    expect(attached.body.title.genres).toEqual([]);

    const guest = new Client(t);
    const page = await guest.get(listUrl('/api/v1/titles', { with: 'tags', filters: [{ key: 'tags', value: tag.id }] }));
    expect(page.status, page.text).toBe(200);
    expect(page.body.pagination.data.map((x: any) => x.name)).toEqual(['Picked film']);
    expect(page.body.pagination.data[0].tags.map((x: any) => x.display_name)).toEqual(['Staff pick']);
    expect(page.body.pagination.total).toBe(1);
    expect(other.id).not.toBe(picked.id);

    expect((await admin.delete(`/api/v1/tags/${tag.id}`)).status).toBe(200);
    expect(await t.ctx.db.selectFrom('title_tag').select('title_id').where('tag_id', '=', tag.id).execute()).toEqual([]);
    expect((await admin.get(`/api/v1/titles/${picked.id}`)).body.title.tags).toEqual([]);
  });

  it("lists the catalogue's genres and keywords beside custom tags; the Genres page sees only genres", async () => {
    const title = await createTitle('Genre holder');
    const genre = (await admin.post(`/api/v1/titles/${title.id}/tags/genre`, { tag_name: 'Western' })).body.title.genres[0];
    const listed = await admin.get(listUrl('/api/v1/tags', { query: 'western' }));
    expect(listed.body.pagination.data).toEqual([expect.objectContaining({ id: genre.id, name: 'western', display_name: 'Western', type: 'genre' })]);
    // Renamed on the Tags page, the title shows the new name.
    expect((await admin.put(`/api/v1/tags/${genre.id}`, { name: 'western', display_name: 'Westerns', type: 'genre' })).status).toBe(200);
    expect((await admin.get(`/api/v1/titles/${title.id}`)).body.title.genres[0].display_name).toBe('Westerns');
    const custom = (await admin.post('/api/v1/tags', { name: 'western' })).body.tag;
    const genres = await admin.get(listUrl('/api/v1/title-tags/genre', { query: 'western' }));
    expect(genres.body.pagination.data.map((x: any) => x.id)).toEqual([genre.id]);
    // A genre's address cannot rename or delete a custom tag: it is no genre (404).
    expect((await admin.put(`/api/v1/title-tags/genre/${custom.id}`, { name: 'x' })).status).toBe(404);
    expect((await admin.delete(`/api/v1/title-tags/genre/${custom.id}`)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('title_tags').select('id').where('id', '=', custom.id).executeTakeFirst()).toBeDefined();
  });

  it('a channel of titles narrowed to a custom tag shows only its titles', async () => {
    const tag = (await admin.post('/api/v1/tags', { name: 'cult-classic' })).body.tag;
    const cult = await createTitle('Cult film');
    await createTitle('Plain film');
    await admin.post(`/api/v1/titles/${cult.id}/tags/custom`, { tag_name: 'cult-classic' });
    const res = await admin.post('/api/v1/channel', { name: 'Cult classics', slug: 'cult-classics', config: { contentType: 'listAll', restriction: 'custom', restrictionModelId: tag.id } });
    expect(res.status, res.text).toBe(200);
    const shown = await new Client(t).get('/api/v1/channel/cult-classics');
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.channel.content.data.map((x: any) => x.name)).toEqual(['Cult film']);
  });
});

describe("the catalogue's tags need the title tags permissions", () => {
  it('a manager of the Tags page alone renames and deletes custom tags only', async () => {
    const manager = await asUser(t, { permissions: ['tags.update', 'tags.delete'] });
    const custom = (await manager.post('/api/v1/tags', { name: 'managers-own' })).body.tag;
    const genre = await insertTag('managed-genre', 'genre');
    expect((await manager.put(`/api/v1/tags/${custom.id}`, { name: 'managers-own', display_name: 'Renamed' })).status).toBe(200);
    const rename = await manager.put(`/api/v1/tags/${genre}`, { name: 'managed-genre', display_name: 'Hijacked', type: 'genre' });
    expect([rename.status, rename.body.message]).toEqual([403, 'You are not allowed to do that.']);
    // One catalogue tag among the ids: nothing is deleted.
    expect((await manager.delete(`/api/v1/tags/${custom.id},${genre}`)).status).toBe(403);
    expect(await t.ctx.db.selectFrom('title_tags').select('display_name').where('id', 'in', [custom.id, genre]).orderBy('id').execute())
      .toEqual([{ display_name: 'Renamed' }, { display_name: 'MANAGED-GENRE' }]);
    expect((await manager.delete(`/api/v1/tags/${custom.id}`)).status).toBe(200);

    const editor = await asUser(t, { permissions: ['tags.update', 'tags.delete', 'title_tags.update', 'title_tags.delete'] });
    expect((await editor.put(`/api/v1/tags/${genre}`, { name: 'managed-genre', display_name: 'Managed', type: 'genre' })).status).toBe(200);
    expect((await editor.delete(`/api/v1/tags/${genre}`)).status).toBe(200);
  });
});

describe('countries: stored by ISO code, found and attached by name', () => {
  it('finds "Fra" and attaches "Germany" to the existing code instead of a second Germany', async () => {
    const now = nowIso();
    await t.ctx.db.insertInto('title_tags').values(['fr:France', 'de:Germany'].map((s) => {
      const [name, display_name] = s.split(':');
      return { type: 'production_country', name, display_name, tmdb_id: null, created_at: now, updated_at: now };
    })).execute();
    const found = await admin.get(listUrl('/api/v1/title-tags/production_country', { query: 'Fra' }));
    expect(found.status, found.text).toBe(200);
    expect(found.body.pagination.data.map((x: any) => x.display_name)).toEqual(['France']);
    const title = (await admin.post('/api/v1/titles', { name: 'Made abroad' })).body.title;
    for (const typed of ['Germany', 'germany', 'de']) {
      const res = await admin.post(`/api/v1/titles/${title.id}/tags/production_country`, { tag_name: typed });
      expect(res.status, res.text).toBe(200);
    }
    // A country not stored yet is stored by its code, under its English name.
    expect((await admin.post(`/api/v1/titles/${title.id}/tags/production_country`, { tag_name: 'Japan' })).status).toBe(200);
    const rows = await t.ctx.db.selectFrom('title_tags').select(['name', 'display_name']).where('type', '=', 'production_country').orderBy('name').execute();
    expect(rows).toEqual([{ name: 'de', display_name: 'Germany' }, { name: 'fr', display_name: 'France' }, { name: 'jp', display_name: 'Japan' }]);
    const attached = (await admin.get(`/api/v1/titles/${title.id}`)).body.title.production_countries.map((c: any) => c.name).sort();
    expect(attached).toEqual(['de', 'jp']);
  });

  it('creates and renames a country tag only as a real country, stored by its code', async () => {
    const atlantis = await admin.post('/api/v1/title-tags/production_country', { name: 'Atlantis' });
    expect([atlantis.status, atlantis.body.errors?.name]).toEqual([422, ['Enter the name of a real country.']]);
    const italy = await admin.post('/api/v1/title-tags/production_country', { name: 'Italy' });
    expect(italy.status, italy.text).toBe(200);
    expect(italy.body.tag).toMatchObject({ name: 'it', display_name: 'Italy' });
    expect((await admin.put(`/api/v1/title-tags/production_country/${italy.body.tag.id}`, { name: 'Lemuria' })).status).toBe(422);
    expect((await admin.put(`/api/v1/title-tags/production_country/${italy.body.tag.id}`, { name: 'it', display_name: 'Italia' })).body.tag)
      .toMatchObject({ name: 'it', display_name: 'Italia' });
  });
});
