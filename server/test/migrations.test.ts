import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { freshDatabase } from './helper.ts';

/**
 * Migrations that move data: a database stopped at the version before, with rows of the old shape, then migrated.
 * Each migration's test has a database of its own (a migration run to the end cannot be stopped before another).
 */
async function oldDatabase() {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-test-'));
  const { databaseUrl, dropDb } = await freshDatabase(storage);
  const handle = createDb(loadConfig({ DATABASE_URL: databaseUrl, STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'test', APP_URL: 'http://localhost:8000' }).database);
  afterAll(async () => {
    await handle.destroy();
    await dropDb?.();
    fs.rmSync(storage, { recursive: true, force: true });
  });
  // The old tables are not in today's schema types.
  return { handle, db: handle.db as unknown as Kysely<any> };
}

describe('0049_one_tag_store', async () => {
  const { handle, db } = await oldDatabase();
  it("moves the Tags page's tags into the catalogue's, once per type and lower-case name, and drops the old table", async () => {
    await migrate(handle, '0048_nulls_order');
    const at = (day: number) => `2024-01-0${day}T00:00:00.000Z`;
    await db.insertInto('title_tags').values({ type: 'genre', name: 'drama', display_name: 'Drama', tmdb_id: 18, created_at: at(1), updated_at: at(1) }).execute();
    await db.insertInto('tags').values([
      { name: 'Staff Pick', display_name: 'Staff pick', type: 'custom', created_at: at(2), updated_at: at(3) },
      { name: 'staff pick', display_name: 'Second spelling', type: 'custom', created_at: at(4), updated_at: at(4) },
      { name: 'drama', display_name: 'Drama (tags page)', type: 'genre', created_at: at(5), updated_at: at(5) },
      { name: 'Noir', display_name: 'Noir', type: 'genre', created_at: at(6), updated_at: at(6) },
    ]).execute();

    await migrate(handle);
    const rows = await db.selectFrom('title_tags').select(['type', 'name', 'display_name', 'tmdb_id', 'created_at', 'updated_at']).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString() }))).toEqual([
      { type: 'genre', name: 'drama', display_name: 'Drama', tmdb_id: 18, created_at: at(1), updated_at: at(1) },
      { type: 'custom', name: 'staff pick', display_name: 'Staff pick', tmdb_id: null, created_at: at(2), updated_at: at(3) },
      { type: 'genre', name: 'noir', display_name: 'Noir', tmdb_id: null, created_at: at(6), updated_at: at(6) },
    ]);
    await expect(sql`SELECT count(*) FROM tags`.execute(db)).rejects.toThrow();
    // The Tags page's search index covers the moved rows.
    const search = handle.dialect === 'sqlite'
      ? sql<{ id: number }>`SELECT rowid AS id FROM title_tags_fts WHERE title_tags_fts MATCH ${'"pick"'}`
      : sql<{ id: number }>`SELECT id FROM title_tags WHERE (coalesce(name, '') || ' ' || coalesce(display_name, '')) ILIKE ${'%pick%'}`;
    expect((await search.execute(db)).rows).toHaveLength(1);
  });
});

describe('0052_subscription_notices', async () => {
  const { handle, db } = await oldDatabase();
  it('counts the subscriptions there already as told, so nobody is mailed about the past', async () => {
    await migrate(handle, '0051_admin_search_ignores_accents');
    const now = new Date().toISOString();
    const user = await db.insertInto('users').values({ email: 'told@test.local', password: 'x', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const sub = (ends: string | null, status: string | null) => ({
      user_id: user.id, product_id: null, price_id: null, gateway_name: 'none', gateway_id: null, gateway_status: status, description: null,
      renews_at: null, ends_at: ends, created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-02-01T00:00:00.000Z',
    });
    await db.insertInto('subscriptions').values([sub(null, null), sub('2024-03-01T00:00:00.000Z', null), sub('2099-01-01T00:00:00.000Z', 'past_due')]).execute();

    await migrate(handle);
    const rows = await db.selectFrom('subscription_notices').select(['ends_at', 'gateway_status', 'ended', 'seen_at']).orderBy('subscription_id').execute();
    const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
    expect(rows.map((r) => [iso(r.ends_at), r.gateway_status, Boolean(r.ended), iso(r.seen_at)])).toEqual([
      [null, null, false, '2024-02-01T00:00:00.000Z'],
      ['2024-03-01T00:00:00.000Z', null, true, '2024-02-01T00:00:00.000Z'],
      ['2099-01-01T00:00:00.000Z', 'past_due', false, '2024-02-01T00:00:00.000Z'],
    ]);
  });
});

describe('0058_list_content_order', async () => {
  const { handle, db } = await oldDatabase();
  it("gives members' lists the manual order the channel settings know, leaving other channels alone", async () => {
    await migrate(handle, '0057_video_progress_user_updated');
    const now = new Date().toISOString();
    const row = (slug: string, type: string, config: Record<string, unknown>) => ({
      name: slug, slug, description: null, type, user_id: null, public: true, internal: false, config: JSON.stringify(config), items_count: 0,
      version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now,
    });
    const old = { contentType: 'manual', contentModel: 'titles', contentOrder: 'channelables.order|asc', layout: 'grid' };
    await db.insertInto('channels').values([
      row('a-list', 'list', old), row('popular', 'channel', { contentType: 'autoUpdate', contentModel: 'titles', contentOrder: 'popularity' }),
    ]).execute();
    await migrate(handle);
    const configs = (await db.selectFrom('channels').select(['slug', 'config']).where('slug', 'in', ['a-list', 'popular']).orderBy('slug').execute())
      .map((r) => [r.slug, JSON.parse(r.config).contentOrder]);
    expect(configs).toEqual([['a-list', 'manual'], ['popular', 'popularity']]);
  });
});

describe('0061_channel_orphans', async () => {
  const { handle, db } = await oldDatabase();
  it('drops channel items whose row was deleted, recounts their channels and drops reports of deleted videos', async () => {
    await migrate(handle, '0060_email_proven');
    const now = new Date().toISOString();
    const channel = (slug: string, items_count: number) => ({
      name: slug, slug, description: null, type: 'list', user_id: null, public: true, internal: false, config: '{}', items_count,
      version: 1, auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now,
    });
    const [kept, untouched] = (await db.insertInto('channels').values([channel('holes', 3), channel('whole', 1)]).returning('id').execute()).map((r) => Number(r.id));
    const title = Number((await db.insertInto('titles').values({ name: 'Still here', is_series: false, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const item = (channel_id: number, channelable_type: string, channelable_id: number, order: number) => ({ channel_id, channelable_type, channelable_id, order, created_at: now });
    await db.insertInto('channelables').values([
      item(kept, 'title', title, 0), item(kept, 'title', title + 999, 1), item(kept, 'person', 4242, 2), item(untouched, 'title', title, 0),
    ]).execute();
    const user = Number((await db.insertInto('users').values({ email: 'r@test.local', password: 'x', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('content_reports').values({ user_id: user, reportable_type: 'video', reportable_id: 777, reason: null, created_at: now }).execute();
    await migrate(handle);
    const channels = await db.selectFrom('channels').select(['slug', 'items_count', 'version']).where('slug', 'in', ['holes', 'whole']).orderBy('slug').execute();
    expect(channels.map((c) => [c.slug, Number(c.items_count), Number(c.version)])).toEqual([['holes', 1, 2], ['whole', 1, 1]]);
    expect((await db.selectFrom('channelables').select('channelable_id').where('channel_id', '=', kept).execute()).map((r) => Number(r.channelable_id))).toEqual([title]);
    expect(await db.selectFrom('content_reports').select('id').execute()).toEqual([]);
  });
});

describe('0063_credit_origin', async () => {
  const { handle, db } = await oldDatabase();
  it('marks the credits an import made (a person and a title from the movie database) and leaves the others local', async () => {
    await migrate(handle, '0061_channel_orphans');
    const now = new Date().toISOString();
    const title = async (name: string, tmdb_id: number | null) =>
      Number((await db.insertInto('titles').values({ name, is_series: false, tmdb_id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const person = async (name: string, tmdb_id: number | null) =>
      Number((await db.insertInto('people').values({ name, tmdb_id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const [imported, own] = [await title('Imported', 550), await title('Own', null)];
    const [star, neighbour] = [await person('Star', 287), await person('Neighbour', null)];
    const credit = (title_id: number, person_id: number, character: string) =>
      ({ person_id, creditable_type: 'title', creditable_id: title_id, title_id, character, department: 'Actors', job: 'Actor', order: 0, created_at: now });
    await db.insertInto('creditables').values([credit(imported, star, 'a'), credit(imported, neighbour, 'b'), credit(own, star, 'c')]).execute();
    await migrate(handle);
    const rows = await db.selectFrom('creditables').select(['character', 'origin']).orderBy('character').execute();
    expect(rows).toEqual([{ character: 'a', origin: 'tmdb' }, { character: 'b', origin: 'local' }, { character: 'c', origin: 'local' }]);
  });
});

describe('0064_feedback_orphans', async () => {
  const { handle, db } = await oldDatabase();
  it('drops comments, reviews, ratings and reports about titles, episodes, videos and articles that were deleted', async () => {
    await migrate(handle, '0063_credit_origin');
    const now = new Date().toISOString();
    const user = async (email: string) => Number((await db.insertInto('users').values({ email, password: 'x', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const [writer, voter] = [await user('w@test.local'), await user('v@test.local')];
    const title = Number((await db.insertInto('titles').values({ name: 'Still here', is_series: false, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const gone = title + 999;
    const comment = async (commentable_type: string, commentable_id: number, content: string) => Number((await db.insertInto('comments').values({
      user_id: writer, commentable_type, commentable_id, title_id: null, parent_id: null, content, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id);
    const kept = await comment('title', title, 'kept');
    const orphans = [await comment('title', gone, 'a'), await comment('episode', 4242, 'b'), await comment('video', 4242, 'c'), await comment('news_article', 4242, 'd')];
    const review = async (reviewable_id: number) => Number((await db.insertInto('reviews').values({
      user_id: writer, reviewable_type: 'title', reviewable_id, score: 8, title: 'A review title', body: 'x'.repeat(100), created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id);
    const [keptReview, orphanReview] = [await review(title), await review(gone)];
    await db.insertInto('review_votes').values([keptReview, orphanReview].map((review_id) => ({ review_id, user_id: voter, is_helpful: true, created_at: now }))).execute();
    const report = (reportable_type: string, reportable_id: number) => ({ user_id: voter, reportable_type, reportable_id, reason: null, created_at: now });
    await db.insertInto('content_reports').values([report('comment', kept), report('comment', orphans[0]), report('review', keptReview), report('review', orphanReview)]).execute();
    const rating = (ratable_type: string, ratable_id: number) => ({ user_id: writer, ratable_type, ratable_id, score: 7, created_at: now, updated_at: now });
    await db.insertInto('ratings').values([rating('title', title), rating('title', gone), rating('episode', 4242)]).execute();
    await db.insertInto('rating_totals').values([{ ratable_type: 'title', ratable_id: title, score_sum: 7, count: 1 }, { ratable_type: 'episode', ratable_id: 4242, score_sum: 7, count: 1 }]).execute();
    await migrate(handle);
    expect((await db.selectFrom('comments').select('content').execute()).map((r) => r.content)).toEqual(['kept']);
    expect((await db.selectFrom('reviews').select('id').execute()).map((r) => Number(r.id))).toEqual([keptReview]);
    expect((await db.selectFrom('review_votes').select('review_id').execute()).map((r) => Number(r.review_id))).toEqual([keptReview]);
    const reports = await db.selectFrom('content_reports').select(['reportable_type', 'reportable_id']).orderBy('reportable_type').execute();
    expect(reports.map((r) => [r.reportable_type, Number(r.reportable_id)])).toEqual([['comment', kept], ['review', keptReview]]);
    expect((await db.selectFrom('ratings').select('ratable_id').execute()).map((r) => Number(r.ratable_id))).toEqual([title]);
    expect((await db.selectFrom('rating_totals').select('ratable_id').execute()).map((r) => Number(r.ratable_id))).toEqual([title]);
  });
});

describe('0068_comment_reply_counts', async () => {
  const { handle, db } = await oldDatabase();
  it('stops counting deleted replies with nothing under them, up a chain of deleted comments', async () => {
    await migrate(handle, '0063_credit_origin');
    const now = new Date().toISOString();
    const user = Number((await db.insertInto('users').values({ email: 'old@test.local', password: 'x', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const title = Number((await db.insertInto('titles').values({ name: 'Old thread', is_series: false, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const comment = async (content: string, parent_id: number | null, deleted: boolean, replies_count: number) => Number((await db.insertInto('comments').values({
      user_id: user, commentable_type: 'title', commentable_id: title, title_id: title, parent_id, content, deleted, replies_count, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id);
    // top (deleted) > middle (deleted) > leaf (deleted): nothing to show. live > gone (deleted) and kept (live).
    const top = await comment('top', null, true, 1);
    const middle = await comment('middle', top, true, 1);
    await comment('leaf', middle, true, 0);
    const live = await comment('live', null, false, 2);
    await comment('gone', live, true, 0);
    await comment('kept', live, false, 0);
    await migrate(handle);
    const rows = await db.selectFrom('comments').select(['content', 'replies_count']).where('id', 'in', [top, middle, live]).orderBy('id').execute();
    expect(rows).toEqual([{ content: 'top', replies_count: 0 }, { content: 'middle', replies_count: 0 }, { content: 'live', replies_count: 1 }]);
  });
});

describe('0076_split_create_view_permissions', async () => {
  const { handle, db } = await oldDatabase();
  it('gives holders of users.update users.create, and of roles.update roles.create and roles.view, once', async () => {
    await migrate(handle, '0075_search_fold_case');
    const now = new Date().toISOString();
    const role = Number((await db.insertInto('roles').values({ name: 'managers', type: 'sitewide', default: false, guests: false, internal: false, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const user = Number((await db.insertInto('users').values({ email: 'm@test.local', password: 'x', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const grant = (model_type: string, model_id: number, name: string) => ({ model_type, model_id, name, restrictions: null });
    await db.insertInto('permission_grants').values([
      grant('role', role, 'users.update'), grant('role', role, 'roles.update'), grant('role', role, 'roles.view'), grant('user', user, 'users.update'),
    ]).execute();
    await migrate(handle);
    const names = async (type: string, id: number) => (await db.selectFrom('permission_grants').select('name').where('model_type', '=', type).where('model_id', '=', id).orderBy('name').execute()).map((r) => r.name);
    expect(await names('role', role)).toEqual(['roles.create', 'roles.update', 'roles.view', 'users.create', 'users.update']);
    expect(await names('user', user)).toEqual(['users.create', 'users.update']);
  });
});

describe('0077_seed_completed', async () => {
  const { handle, db } = await oldDatabase();
  it('marks a site that already has accounts as set up, so a start never seeds again what its operators deleted', async () => {
    await migrate(handle, '0075_search_fold_case');
    const at = '2024-01-01T00:00:00.000Z';
    await db.insertInto('users').values({ email: 'owner@example.com', password: 'x', first_name: 'A', last_name: 'B', created_at: at, updated_at: at }).execute();
    await migrate(handle);
    expect(await db.selectFrom('settings').select('name').where('name', '=', 'seed.completed_at').execute()).toEqual([{ name: 'seed.completed_at' }]);
  });
});

describe('0077_seed_completed on a new database', async () => {
  const { handle, db } = await oldDatabase();
  it('leaves a site without accounts to the first-run seed', async () => {
    await migrate(handle);
    expect(await db.selectFrom('settings').select('name').where('name', '=', 'seed.completed_at').execute()).toEqual([]);
  });
});
