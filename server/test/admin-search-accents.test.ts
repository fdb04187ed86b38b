import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { trigramMatchIds } from '../src/http/text-search.ts';
import { USER_SEARCH_INDEX } from '../src/modules/users/list.ts';
import { VIDEO_SEARCH_INDEX } from '../src/modules/videos/repository.ts';
import { asAdmin, createTestApp } from './helper.ts';

/** The admin lists search as the catalogue does (migration 0051): accents typed or stored are ignored. */
const t = await createTestApp();
const admin = await asAdmin(t);
const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(200);

ok(await admin.post('/api/v1/users', { email: 'jnunez@example.com', password: 'correct horse battery', first_name: 'José', last_name: 'Núñez' }));
ok(await admin.post('/api/v1/roles', { name: 'Modérateurs', description: 'Équipe de nuit' }));
ok(await admin.post('/api/v1/tags', { name: 'creme', display_name: 'Crème de la crème', type: 'custom' }));
ok(await admin.post('/api/v1/localizations', { name: 'Français québécois', language: 'fr-CA' }));
ok(await admin.post('/api/v1/custom-pages', { title: 'Mon résumé', body: '<p>CV</p>' }));
ok(await admin.post('/api/v1/news', { title: 'Le festival de Montréal', body: '<p>Douze premières.</p>' }));
const titleId = (await admin.post('/api/v1/titles', { name: 'Amélie' })).body.title.id as number;
ok(await admin.post('/api/v1/videos', { name: 'Bande-annonce officielle', title_id: titleId, type: 'video', src: '/storage/ba.mp4', category: 'trailer' }));

const found = async (path: string, query: string, field: string) =>
  (await admin.get(`/api/v1/${path}?query=${encodeURIComponent(query)}`)).body.pagination.data.map((row: Record<string, unknown>) => row[field]);

describe('admin list searches ignore accents', () => {
  it('finds stored accents from plain letters, and typed accents in plain text', async () => {
    expect(await found('users', 'nunez', 'email')).toEqual(['jnunez@example.com']);
    expect(await found('users', 'jose', 'email')).toEqual(['jnunez@example.com']);
    // A full name spans the first and the last name.
    expect(await found('users', 'Jose Nunez', 'email')).toEqual(['jnunez@example.com']);
    expect(await found('users', 'jose nu', 'email')).toEqual(['jnunez@example.com']);
    expect(await found('users', 'NÚÑEZ', 'email')).toEqual(['jnunez@example.com']);
    expect(await found('roles', 'moderateurs', 'name')).toEqual(['Modérateurs']);
    expect(await found('roles', 'equipe', 'name')).toEqual(['Modérateurs']);
    expect(await found('tags', 'creme de la', 'display_name')).toEqual(['Crème de la crème']);
    expect(await found('localizations', 'quebecois', 'name')).toEqual(['Français québécois']);
    expect(await found('custom-pages', 'resume', 'title')).toEqual(['Mon résumé']);
    expect(await found('news', 'montreal', 'title')).toEqual(['Le festival de Montréal']);
    expect(await found('users', 'jnúnez', 'email')).toEqual(['jnunez@example.com']);
  });

  it('finds a video by any word of its name, not only its start', async () => {
    expect(await found('videos', 'officielle', 'name')).toEqual(['Bande-annonce officielle']);
    expect(await found('videos', 'ANNONCE', 'name')).toEqual(['Bande-annonce officielle']);
    expect(await found('videos', 'ba', 'name')).toEqual(['Bande-annonce officielle']);
    expect(await found('videos', 'of', 'name')).toEqual([]);
    const [video] = (await admin.get('/api/v1/videos?query=officielle')).body.pagination.data;
    ok(await admin.put(`/api/v1/videos/${video.id}`, { name: 'Teaser' }));
    expect(await found('videos', 'officielle', 'name')).toEqual([]);
    expect(await found('videos', 'teas', 'name')).toEqual(['Teaser']);
  });

  it('keeps the folded index in step with edits', async () => {
    const [page] = (await admin.get('/api/v1/custom-pages?query=resume')).body.pagination.data;
    ok(await admin.put(`/api/v1/custom-pages/${page.id}`, { title: 'Curriculum vitæ, déjà' }));
    expect(await found('custom-pages', 'resume', 'title')).toEqual([]);
    expect(await found('custom-pages', 'deja', 'title')).toEqual(['Curriculum vitæ, déjà']);
  });

  it('ignores case in every script, whatever the database\'s locale (a PostgreSQL cluster made with the C locale matched Cyrillic and Greek case for case)', async () => {
    ok(await admin.post('/api/v1/users', { email: 'akarenina@example.com', password: 'correct horse battery', first_name: 'Анна', last_name: 'Каренина' }));
    ok(await admin.post('/api/v1/titles', { name: 'Война и мир' }));
    ok(await admin.post('/api/v1/roles', { name: 'Ομάδα νύχτας' }));
    expect(await found('users', 'анна', 'email')).toEqual(['akarenina@example.com']);
    expect(await found('users', 'анна каренина', 'email')).toEqual(['akarenina@example.com']);
    expect(await found('users', 'КАРЕНИНА', 'email')).toEqual(['akarenina@example.com']);
    expect(await found('titles', 'ВОЙНА', 'name')).toEqual(['Война и мир']);
    expect(await found('titles', 'война и', 'name')).toEqual(['Война и мир']);
    expect(await found('roles', 'ΟΜΆΔΑ', 'name')).toEqual(['Ομάδα νύχτας']);
    expect(await found('roles', 'ΝΎΧΤΑΣ', 'name')).toEqual(['Ομάδα νύχτας']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('matches through the accent-folded trigram index on PostgreSQL', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const compiled = trigramMatchIds(t.ctx.db, 'postgres', USER_SEARCH_INDEX, 'núñez').compile();
      const plan = (await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]))).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, compiled.sql).toContain('users_search_trgm');
      // With one video the planner prefers reading the name index whole; the trigram index must match the query's text.
      const videos = trigramMatchIds(t.ctx.db, 'postgres', VIDEO_SEARCH_INDEX, 'officielle').compile();
      expect(videos.sql).toContain('search_fold(name) ILIKE');
      const index = await trx.executeQuery<{ indexdef: string }>(CompiledQuery.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'videos_name_trgm'`));
      expect(index.rows[0]?.indexdef).toContain('gin (search_fold((name)::text) gin_trgm_ops)');
    });
  });
});
