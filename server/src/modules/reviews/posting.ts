import type { ContentAuthor } from '@app/contracts';
import { onDuplicate } from '../../db/errors.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nowIso, toBool } from '../../db/index.ts';
import { HttpError, forbidden, notFound, stillThere } from '../../http/errors.ts';
import { lockRows } from '../../db/row-lock.ts';
import { consume, type RateLimit } from '../../http/rate-limit.ts';
import { adminsAmong, displayName, publicName } from '../users/repository.ts';

/** Per-user abuse limits on everything a visitor writes (issue 12, "Abuse limits"); counted in the cache driver. */
export const POSTING_LIMITS = {
  reviews: { name: 'post-review', max: 10, windowSeconds: 60 * 60, message: 'You are writing reviews too quickly. Please try again in :seconds seconds.' },
  comments: { name: 'post-comment', max: 20, windowSeconds: 60, message: 'You are posting comments too quickly. Please try again in :seconds seconds.' },
  votes: { name: 'vote', max: 60, windowSeconds: 60, message: 'You are voting too quickly. Please try again in :seconds seconds.' },
  ratings: { name: 'rate', max: 60, windowSeconds: 60, message: 'You are rating too quickly. Please try again in :seconds seconds.' },
  reports: { name: 'report', max: 10, windowSeconds: 60 * 60, message: 'You have sent too many reports. Please try again in :seconds seconds.' },
} satisfies Record<string, RateLimit>;

export const SUSPENDED_MESSAGE = 'Your account is suspended, so you cannot post.';

/**
 * A suspended user cannot write. Sessions of banned users end at once (auth.ts), so this guards API tokens and
 * any request that raced the ban; then the user's limit is counted.
 */
export async function assertCanPost(ctx: AppContext, userId: number, limit: RateLimit): Promise<void> {
  const user = await ctx.db.selectFrom('users').select('banned_at').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  if (user.banned_at) throw new HttpError(403, SUSPENDED_MESSAGE);
  await consume(ctx, limit, String(userId));
}

/** Who edits or deletes a review or comment: its author, or a moderator of them; `admin` when the caller holds it. */
export interface ContentActor { id: number; moderator: boolean; admin: boolean }

export const ONLY_ADMIN_CONTENT = 'Only an admin can edit or delete what an admin wrote.';

/**
 * A moderator edits and deletes what members and other staff wrote, but only an admin touches an admin's (the house
 * rule for users, roles and grants): so a moderator cannot rewrite, or remove, an admin's review or comment.
 * `authorIds`: the authors of the items being changed.
 */
export async function assertCanModerate(db: Db, actor: ContentActor, authorIds: number[]): Promise<void> {
  if (actor.admin) return;
  const others = [...new Set(authorIds)].filter((id) => id !== actor.id);
  if ((await adminsAmong(db, others)).length) throw forbidden(ONLY_ADMIN_CONTENT);
}

/** Who reads the names: visitors see a member's own name only; moderators also the e-mail-based fallback. */
export type NamesFor = 'public' | 'admin';

/**
 * Author fields of a page of rows, with one query (and for moderators one more: which of them are admins); never the
 * email itself. Moderators also read whether each author is an admin (so they are offered no edit or delete the
 * server refuses) and whether they are suspended (so a spammer's leftovers stand out).
 */
export async function authorsOf(db: Db, userIds: number[], names: NamesFor = 'public'): Promise<Map<number, ContentAuthor>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const [rows, admins] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'avatar', 'banned_at']).where('id', 'in', ids).execute(),
    names === 'admin' ? adminsAmong(db, ids).then((a) => new Set(a)) : null,
  ]);
  return new Map(rows.map((u) => [u.id, {
    id: u.id, display_name: names === 'admin' ? displayName(u) : publicName(u), avatar: u.avatar, has_profile: !u.banned_at,
    ...(admins ? { is_admin: admins.has(u.id), suspended: Boolean(u.banned_at) } : {}),
  }]));
}

/** Names of the titles (and episodes, videos) a page of admin rows belongs to, one query per type. */
export async function titleNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('titles').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}


/** What can be reported: its table, and the messages for a missing item and for one's own. */
export const REPORTABLE = new Map([
  ['review', { table: 'reviews', missing: 'Review not found', own: 'You cannot report your own review.' }],
  ['comment', { table: 'comments', missing: 'Comment not found', own: 'You cannot report your own comment.' }],
  ['video', { table: 'videos', missing: 'Video not found', own: 'You cannot report your own video.' }],
] as const);
export type ReportableType = 'review' | 'comment' | 'video';

const deletedComment = async (db: Db, id: number) =>
  toBool((await db.selectFrom('comments').select('deleted').where('id', '=', id).executeTakeFirst())?.deleted);

/**
 * Records one report of a review, comment or video by a user (once each) and counts it on the item, in one
 * transaction. Reporting twice is a 422 with a clear message.
 */
export async function reportItem(ctx: AppContext, type: ReportableType, id: number, userId: number, reason: string | undefined): Promise<number> {
  const { table, missing, own } = REPORTABLE.get(type)!;
  const exists = await ctx.db.selectFrom(table).select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!exists || (type === 'comment' && (await deletedComment(ctx.db, id)))) throw notFound(missing);
  // A report asks a moderator to look at someone else's work; one's own is edited or deleted instead.
  if (exists.user_id === userId) throw new HttpError(422, own, { reason: [own] });
  await assertCanPost(ctx, userId, POSTING_LIMITS.reports);
  return onDuplicate(ctx.db.transaction().execute(async (trx) => {
    // Deleted since the check above: a 404, never a report left on nothing.
    if (!(await lockRows(trx, ctx.dialect, table, [id], 'update')).length) throw notFound(missing);
    // A deleted comment shows as "deleted" (its text hidden) until a moderator restores it: nothing to report.
    if (type === 'comment' && (await deletedComment(trx, id))) throw notFound(missing);
    await trx.insertInto('content_reports').values({ user_id: userId, reportable_type: type, reportable_id: id, reason: reason || null, created_at: nowIso() }).execute();
    const row = await trx.updateTable(table).set((eb) => ({ reports_count: eb('reports_count', '+', 1) })).where('id', '=', id)
      .returning('reports_count').executeTakeFirst();
    return stillThere(row, missing).reports_count;
  }), () => new HttpError(422, 'You have already reported this.', { reason: ['You have already reported this.'] }));
}
