import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { linesLanguage, translate, type AccountExportStatus } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool } from '../../db/index.ts';
import { composeMail } from '../../drivers/mail/compose.ts';
import { stillThere } from '../../http/errors.ts';
import { mailLines } from '../localizations/service.ts';
import { notificationSettings } from '../notifications/service.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import '../plays/schema.ts';
import { fromCents } from '../billing/repository.ts';

/** The `csv_exports.resource` of a member's own data file (the admin's CSV download never serves it). */
export const ACCOUNT_EXPORT = 'account-data';
const JOB = 'account.export';
/** A ready file is kept this long, then removed (the member asks for a new one). */
export const ACCOUNT_EXPORT_TTL_MS = 7 * DAY_MS;
/** A file still being built after this long is taken to have failed: the member may ask again. */
const BUILD_TIMEOUT_MS = 3600_000;
/** Rows read per query: between pages other requests get their turn (better-sqlite3 is synchronous). */
const PAGE = 1000;

/** A member's rows of one table a page at a time, yielding the event loop between pages. */
async function* paged<T>(page: (offset: number, limit: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await page(offset, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    await new Promise((r) => setImmediate(r));
  }
}

async function* mapRows<T, U>(rows: AsyncIterable<T>, fn: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield fn(row);
}

const isRows = (v: unknown): v is AsyncIterable<unknown> => typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

/** The export as JSON text, section by section: long sections (ratings, plays ...) one row per line as they are read. */
async function* jsonText(sections: [string, unknown][]): AsyncGenerator<string> {
  yield '{\n';
  for (const [i, [key, value]] of sections.entries()) {
    if (isRows(value)) {
      yield `  ${JSON.stringify(key)}: [`;
      let first = true;
      for await (const row of value) {
        yield `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
        first = false;
      }
      yield first ? ']' : '\n  ]';
    } else {
      yield `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
    }
    yield i === sections.length - 1 ? '\n}\n' : ',\n';
  }
}

/**
 * Everything the site keeps about one member, as they may take it away (`POST account/export` builds the file): their account, what
 * they wrote and rated, their votes on reviews and videos, their lists, what they watched and how far, where they are
 * signed in, their API tokens (names, never secrets), linked social accounts, subscriptions (plan, price and status), the notifications they
 * received and which they want. Titles are named beside their ids so the file reads on its own. Other people's data
 * (a list's likes, replies by others) is not theirs to take: a reply notification names the reply by id only.
 * Payments themselves are kept by the payment provider (Stripe, PayPal), not here: the file holds no card or gateway secret.
 * The long sections are read a page at a time (see `paged`), so an account with 20,000 plays holds no request up.
 */
async function accountSections(ctx: AppContext, userId: number): Promise<[string, unknown][]> {
  const { db } = ctx;
  const account = stillThere(await db.selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'avatar', 'language', 'email_verified_at', 'created_at', 'updated_at'])
    .where('id', '=', userId).executeTakeFirst(), 'User not found');
  // Few rows each: read at once.
  const [roles, twoFactor, sessions, tokens, social, subscriptions, lists, notifications] = await Promise.all([
    db.selectFrom('user_role').innerJoin('roles', 'roles.id', 'user_role.role_id').select('roles.name').where('user_role.user_id', '=', userId).orderBy('roles.name').execute(),
    db.selectFrom('two_factor').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('sessions').select(['ip', 'user_agent', 'last_active_at', 'created_at']).where('user_id', '=', userId).where('expires_at', '>', nowIso())
      .orderBy('last_active_at', 'desc').execute(),
    db.selectFrom('access_tokens').select(['name', 'scopes', 'last_used_at', 'expires_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('social_profiles').select(['service_name', 'username', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('subscriptions').leftJoin('products', 'products.id', 'subscriptions.product_id').leftJoin('prices', 'prices.id', 'subscriptions.price_id')
      .select([
        'products.name as plan', 'prices.amount', 'prices.currency', 'prices.interval', 'prices.interval_count', 'subscriptions.description',
        'subscriptions.gateway_name as gateway', 'subscriptions.gateway_status as status', 'subscriptions.renews_at', 'subscriptions.ends_at', 'subscriptions.created_at',
      ])
      .where('subscriptions.user_id', '=', userId).orderBy('subscriptions.id').execute(),
    db.selectFrom('channels').select(['id', 'name', 'description', 'public', 'internal', 'created_at', 'updated_at'])
      .where('user_id', '=', userId).where('type', '=', 'list').orderBy('id').execute(),
    notificationSettings(db, userId),
  ]);
  const items = lists.length
    ? await db.selectFrom('channelables').select(['channel_id', 'channelable_type as type', 'channelable_id as id', 'created_at'])
      .where('channel_id', 'in', lists.map((l) => l.id)).orderBy('order').orderBy('id').execute()
    : [];
  // Any number of rows: read a page at a time as the file is written.
  const reviews = paged((offset, limit) => db.selectFrom('reviews').leftJoin('titles', 'titles.id', 'reviews.reviewable_id')
    .select(['reviews.reviewable_id as title_id', 'titles.name as title', 'reviews.score', 'reviews.title as headline', 'reviews.body', 'reviews.created_at', 'reviews.updated_at'])
    .where('reviews.user_id', '=', userId).orderBy('reviews.id').limit(limit).offset(offset).execute());
  const comments = paged((offset, limit) => db.selectFrom('comments')
    .select(['commentable_type as on_type', 'commentable_id as on_id', 'parent_id as reply_to', 'content', 'deleted', 'created_at', 'updated_at'])
    .where('user_id', '=', userId).orderBy('id').limit(limit).offset(offset).execute());
  // A rated episode is named by its series and numbers, a rated title by its name.
  const ratings = paged((offset, limit) => db.selectFrom('ratings as r')
    .leftJoin('episodes as e', (j) => j.onRef('e.id', '=', 'r.ratable_id').on('r.ratable_type', '=', 'episode'))
    .leftJoin('titles as t', (j) => j.on((eb) => eb.or([
      eb.and([eb('r.ratable_type', '=', 'title'), eb('t.id', '=', eb.ref('r.ratable_id'))]),
      eb('t.id', '=', eb.ref('e.title_id')),
    ])))
    .select(['r.ratable_type as type', 'r.ratable_id as id', 't.id as title_id', 't.name as title', 'e.season_number as season', 'e.episode_number as episode', 'r.score', 'r.created_at', 'r.updated_at'])
    .where('r.user_id', '=', userId).orderBy('r.id').limit(limit).offset(offset).execute());
  const votes = paged((offset, limit) => db.selectFrom('review_votes').select(['review_id', 'is_helpful', 'created_at'])
    .where('user_id', '=', userId).orderBy('created_at').orderBy('review_id').limit(limit).offset(offset).execute());
  const videoVotes = paged((offset, limit) => db.selectFrom('video_votes as vv').innerJoin('videos as v', 'v.id', 'vv.video_id').leftJoin('titles as t', 't.id', 'v.title_id')
    .select(['vv.video_id', 'v.name as video', 'v.title_id', 't.name as title', 'vv.is_upvote', 'vv.created_at'])
    .where('vv.user_id', '=', userId).orderBy('vv.created_at').orderBy('vv.video_id').limit(limit).offset(offset).execute());
  const reports = paged((offset, limit) => db.selectFrom('content_reports').select(['reportable_type as type', 'reportable_id as id', 'reason', 'created_at'])
    .where('user_id', '=', userId).orderBy('id').limit(limit).offset(offset).execute());
  const progress = paged((offset, limit) => db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id').leftJoin('titles as t', 't.id', 'v.title_id')
    .select(['v.title_id', 't.name as title', 'v.season_num as season', 'v.episode_num as episode', 'v.name as video', 'p.position', 'p.duration', 'p.updated_at'])
    .where('p.user_id', '=', userId).orderBy('p.updated_at', 'desc').orderBy('p.video_id').limit(limit).offset(offset).execute());
  const plays = paged((offset, limit) => db.selectFrom('plays as p').leftJoin('titles as t', 't.id', 'p.title_id')
    .select(['p.title_id', 't.name as title', 'p.season_num as season', 'p.episode_num as episode', 'p.seconds_watched', 'p.device', 'p.browser', 'p.platform', 'p.country', 'p.city', 'p.created_at'])
    .where('p.user_id', '=', userId).orderBy('p.id').limit(limit).offset(offset).execute());
  const received = paged((offset, limit) => db.selectFrom('notifications').select(['type', 'subject_id', 'read_at', 'created_at'])
    .where('user_id', '=', userId).orderBy('id').limit(limit).offset(offset).execute());
  return [
    ['exported_at', nowIso()],
    ['account', { ...account, roles: roles.map((r) => r.name), two_factor: Boolean(twoFactor?.confirmed_at) }],
    ['sessions', sessions],
    ['api_tokens', tokens],
    ['social_accounts', social],
    ['subscriptions', subscriptions.map((s) => ({ ...s, amount: s.amount === null ? null : fromCents(s.amount) }))],
    ['reviews', reviews],
    ['comments', mapRows(comments, (c) => ({ ...c, deleted: toBool(c.deleted) }))],
    ['ratings', ratings],
    ['review_votes', mapRows(votes, (v) => ({ ...v, is_helpful: toBool(v.is_helpful) }))],
    ['video_votes', mapRows(videoVotes, (v) => ({ ...v, is_upvote: toBool(v.is_upvote) }))],
    ['reports', reports],
    ['lists', lists.map(({ id, ...l }) => ({
      ...l, public: toBool(l.public), internal: toBool(l.internal),
      items: items.filter((i) => i.channel_id === id).map(({ channel_id: _c, ...i }) => i),
    }))],
    ['watch_progress', progress],
    ['plays', plays],
    ['notifications', received],
    ['notification_settings', notifications],
  ];
}

/** Removes the files of the given export rows and the rows. */
async function removeExports(ctx: AppContext, rows: { id: number; path: string | null }[]): Promise<void> {
  if (!rows.length) return;
  await ctx.db.deleteFrom('csv_exports').where('id', 'in', rows.map((r) => r.id)).execute();
  for (const r of rows) if (r.path) await ctx.storage.delete(r.path).catch((err: unknown) => ctx.errors.capture(err, { message: 'could not remove an export file' }).catch(() => undefined));
}

/** The member's latest data file, ready or being built (a build that never finished counts as none). */
export async function accountExportStatus(ctx: AppContext, userId: number): Promise<AccountExportStatus | null> {
  const row = await ctx.db.selectFrom('csv_exports').select(['uuid', 'path', 'created_at']).where('user_id', '=', userId).where('resource', '=', ACCOUNT_EXPORT)
    .orderBy('id', 'desc').executeTakeFirst();
  if (!row) return null;
  const created = Date.parse(row.created_at);
  if (!row.path) return Date.now() - created < BUILD_TIMEOUT_MS ? { status: 'preparing', created_at: row.created_at, expires_at: null, download_path: null } : null;
  return { status: 'ready', created_at: row.created_at, expires_at: new Date(created + ACCOUNT_EXPORT_TTL_MS).toISOString(), download_path: `/api/v1/account/export/${row.uuid}` };
}

/**
 * Starts building the member's data file in the job runner (a file being built already is not started twice); their
 * earlier file goes. The mail with the link, and the account settings page, say when it is ready.
 */
export async function requestAccountExport(ctx: AppContext, userId: number): Promise<AccountExportStatus> {
  const current = await accountExportStatus(ctx, userId);
  if (current?.status === 'preparing') return current;
  const old = await ctx.db.selectFrom('csv_exports').select(['id', 'path']).where('user_id', '=', userId).where('resource', '=', ACCOUNT_EXPORT).execute();
  await removeExports(ctx, old);
  const uuid = crypto.randomUUID();
  const createdAt = nowIso();
  await ctx.db.insertInto('csv_exports').values({ user_id: userId, resource: ACCOUNT_EXPORT, path: null, uuid, created_at: createdAt }).execute();
  await ctx.queue.dispatch(JOB, { uuid });
  return { status: 'preparing', created_at: createdAt, expires_at: null, download_path: null };
}

/** The job: writes the file to storage, marks it ready and mails its owner the way to it. */
async function buildAccountExport(ctx: AppContext, uuid: string): Promise<void> {
  const row = await ctx.db.selectFrom('csv_exports').innerJoin('users', 'users.id', 'csv_exports.user_id')
    .select(['csv_exports.user_id', 'users.email']).where('csv_exports.uuid', '=', uuid).where('csv_exports.resource', '=', ACCOUNT_EXPORT).executeTakeFirst();
  // Asked for again since, or the account is gone.
  if (!row) return;
  const key = `exports/${ACCOUNT_EXPORT}-${uuid}.json`;
  const source = Readable.from(jsonText(await accountSections(ctx, row.user_id)));
  await ctx.storage.put(key, source);
  const marked = await ctx.db.updateTable('csv_exports').set({ path: key }).where('uuid', '=', uuid).executeTakeFirst();
  if (!Number(marked.numUpdatedRows)) {
    await ctx.storage.delete(key);
    return;
  }
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const lines = await mailLines(ctx, row.user_id);
  await ctx.mailer.send(composeMail(site, row.email, translate(lines, 'Your data is ready to download'), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, 'The file with what this site keeps about you is ready. It can be downloaded from your account settings for 7 days.')],
    action: { label: translate(lines, 'Download your data'), url: `${site.url}/account-settings#account-data` },
  }));
}

/** A ready file of the member's own (nobody else's, admins included, may read it). */
export async function ownAccountExport(ctx: AppContext, userId: number, uuid: string) {
  const row = await ctx.db.selectFrom('csv_exports').select(['path', 'created_at']).where('uuid', '=', uuid).where('user_id', '=', userId)
    .where('resource', '=', ACCOUNT_EXPORT).executeTakeFirst();
  if (!row?.path || Date.now() - Date.parse(row.created_at) > ACCOUNT_EXPORT_TTL_MS) return null;
  return row as { path: string; created_at: string };
}

/**
 * Export files older than a week go: members' data files, and the staff's CSV exports too (users, the audit log: files
 * of every member's email, whose mailed link is for the day it comes); so do data files whose build never finished.
 */
export async function sweepExports(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const rows = await ctx.db.selectFrom('csv_exports').select(['id', 'path', 'created_at'])
    .where('created_at', '<', new Date(now - BUILD_TIMEOUT_MS).toISOString()).execute();
  await removeExports(ctx, rows.filter((r) => !r.path || now - Date.parse(r.created_at) > ACCOUNT_EXPORT_TTL_MS));
}

registerRecurring('exports:sweep', 3600_000, (ctx) => sweepExports(ctx));

export function registerAccountExport(ctx: AppContext): void {
  ctx.queue.register(JOB, async ({ uuid }: { uuid: string }) => { await buildAccountExport(ctx, uuid); });
}
