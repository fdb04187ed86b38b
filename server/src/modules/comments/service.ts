import { COMMENTS_PER_PAGE, type Comment, type CommentCreateInput, type CommentableType, type Pagination, commentThreadQuerySchema } from '@app/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { HttpError, forbidden, notFound, stillThere } from '../../http/errors.ts';
import { POSTING_LIMITS, assertCanModerate, assertCanPost, type ContentActor } from '../reviews/posting.ts';
import { resolveCommentable } from './commentables.ts';
import { settleReplyCounts } from './reply-counts.ts';
import { COMMENT_COLUMNS, findComment, toComments, type CommentRow } from './repository.ts';
import { mailNotifications } from '../notifications/mail.ts';
import { notifyReply } from '../notifications/service.ts';

const replyRefused = (message: string) => new HttpError(422, message, { parent_id: [message] });

/**
 * One page (15) of a thread: the item's top-level comments newest first, or one comment's replies oldest first,
 * so a thread of thousands loads a page at a time. A deleted comment stays only while it has replies.
 */
export async function commentThread(ctx: AppContext, q: z.infer<typeof commentThreadQuerySchema>): Promise<Pagination<Comment>> {
  const perPage = COMMENTS_PER_PAGE;
  let base = ctx.db.selectFrom('comments').where('commentable_type', '=', q.commentable_type).where('commentable_id', '=', q.commentable_id);
  base = q.parent_id ? base.where('parent_id', '=', q.parent_id) : base.where('parent_id', 'is', null);
  base = base.where((eb) => eb.or([eb('deleted', '=', false), eb('replies_count', '>', 0)]));
  const dir = q.parent_id ? 'asc' : 'desc';
  const offset = (q.page - 1) * perPage;
  const [rows, totalRow] = await Promise.all([
    base.select(COMMENT_COLUMNS).orderBy('created_at', dir).orderBy('id', dir).limit(perPage).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  const data = await toComments(ctx.db, rows as CommentRow[], 'public');
  const total = Number(totalRow?.total ?? 0);
  return {
    current_page: q.page, per_page: perPage, from: data.length ? offset + 1 : null, to: data.length ? offset + data.length : null,
    total, last_page: Math.max(1, Math.ceil(total / perPage)), data,
  };
}

/** How far up a linked reply's thread is walked: deeper threads show their last levels. */
const CONTEXT_LEVELS = 50;

/**
 * `GET comment/{id}/context`: the comment a link points at (a reply notification's) and the comments it answers,
 * from the top of its thread down, as the site shows them; null when there is no such comment.
 */
export async function commentContext(ctx: AppContext, id: number): Promise<Comment[] | null> {
  // One query for the whole walk up the thread (the ancestors' ids by a recursive CTE), not one per level.
  const rows = await ctx.db
    .withRecursive('chain(id, parent_id, depth)', (db) => db.selectFrom('comments').select(['id', 'parent_id', sql<number>`1`.as('depth')]).where('id', '=', id)
      .unionAll((up) => up.selectFrom('comments as c').innerJoin('chain', 'chain.parent_id', 'c.id')
        .select(['c.id', 'c.parent_id', sql<number>`chain.depth + 1`.as('depth')]).where('chain.depth', '<', CONTEXT_LEVELS)))
    .selectFrom('comments').select(COMMENT_COLUMNS).where('comments.id', 'in', (db) => db.selectFrom('chain').select('chain.id'))
    .execute() as CommentRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: CommentRow[] = [];
  for (let row = byId.get(id); row; row = row.parent_id === null ? undefined : byId.get(row.parent_id)) chain.unshift(row);
  return chain.length ? toComments(ctx.db, chain, 'public') : null;
}

const notCommentable = () => new HttpError(422, 'This item cannot be commented on.', { commentable_id: ['This item cannot be commented on.'] });
/** The table each kind of commentable item lives in. */
const COMMENTABLE_TABLES = { title: 'titles', episode: 'episodes', video: 'videos', news_article: 'news_articles' } as const satisfies Record<CommentableType, string>;

export const ALREADY_POSTED = 'You have already posted this comment.';
/** How long the same text from the same member in the same place counts as a second copy of one post. */
const REPOST_WINDOW_MS = 60_000;

/** The member's live comment with this text in this place (same item, same parent), posted within the window. */
async function samePostedJustNow(trx: Db, userId: number, input: CommentCreateInput): Promise<boolean> {
  let q = trx.selectFrom('comments').select('id')
    .where('commentable_type', '=', input.commentable_type).where('commentable_id', '=', input.commentable_id)
    .where('user_id', '=', userId).where('deleted', '=', false).where('content', '=', input.content)
    .where('created_at', '>=', new Date(Date.now() - REPOST_WINDOW_MS).toISOString());
  q = input.parent_id ? q.where('parent_id', '=', input.parent_id) : q.where('parent_id', 'is', null);
  return !!(await q.executeTakeFirst());
}

/** Posts a comment or a reply; a reply must answer a live comment of the same item. The parent's reply count moves with it. */
export async function createComment(ctx: AppContext, userId: number, input: CommentCreateInput): Promise<Comment> {
  const target = await resolveCommentable(ctx.db, input.commentable_type, input.commentable_id);
  if (!target) throw notCommentable();
  if (input.parent_id) {
    const parent = await ctx.db.selectFrom('comments').select(['commentable_type', 'commentable_id', 'deleted']).where('id', '=', input.parent_id).executeTakeFirst();
    if (!parent) throw replyRefused('The comment you are replying to does not exist.');
    if (parent.commentable_type !== input.commentable_type || parent.commentable_id !== input.commentable_id) {
      throw replyRefused('You can only reply to a comment on the same page.');
    }
    if (toBool(parent.deleted)) throw replyRefused('You cannot reply to a deleted comment.');
  }
  await assertCanPost(ctx, userId, POSTING_LIMITS.comments);
  const now = nowIso();
  const { id, notified } = await ctx.db.transaction().execute(async (trx) => {
    // Deleted since the check above (its delete clears the comments after locking it): refused, never left on nothing.
    if (!(await lockRows(trx, ctx.dialect, COMMENTABLE_TABLES[input.commentable_type], [input.commentable_id], 'share')).length) throw notCommentable();
    // A double click or a retried request: the member's posts take turns (their row), so the second finds the first.
    await lockRows(trx, ctx.dialect, 'users', [userId], 'update');
    if (await samePostedJustNow(trx, userId, input)) throw new HttpError(422, ALREADY_POSTED, { content: [ALREADY_POSTED] });
    const row = await trx.insertInto('comments').values({
      user_id: userId, commentable_type: input.commentable_type, commentable_id: input.commentable_id, title_id: target.title_id,
      parent_id: input.parent_id ?? null, content: input.content, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    if (input.parent_id) {
      await trx.updateTable('comments').set((eb) => ({ replies_count: eb('replies_count', '+', 1) })).where('id', '=', input.parent_id).execute();
      const notified = await notifyReply(trx, { id: row.id, user_id: userId, parent_id: input.parent_id });
      return { id: row.id, notified };
    }
    return { id: row.id, notified: null };
  });
  if (notified) await mailNotifications(ctx, [notified]);
  const row = stillThere(await ctx.db.selectFrom('comments').select(COMMENT_COLUMNS).where('id', '=', id).executeTakeFirst(), 'Comment not found');
  return (await toComments(ctx.db, [row as CommentRow], 'public'))[0];
}

/** `PUT comment/{id}` (content): the author edits their own live comment; a moderator (comments.update) any comment but an admin's. */
export async function updateComment(ctx: AppContext, id: number, actor: ContentActor, content: string): Promise<Comment> {
  const comment = await findComment(ctx.db, id);
  if (!comment) throw notFound('Comment not found');
  if (actor.moderator) await assertCanModerate(ctx.db, actor, [comment.user_id]);
  else {
    if (comment.user_id !== actor.id) throw forbidden('You can only edit your own comments.');
    if (comment.deleted) throw new HttpError(422, 'This comment was deleted.', { content: ['This comment was deleted.'] });
    await assertCanPost(ctx, actor.id, POSTING_LIMITS.comments);
  }
  // updated_at is when the text last changed (the site marks the comment "Edited"): saving it unchanged moves nothing.
  if (content !== comment.content) await ctx.db.updateTable('comments').set({ content, updated_at: nowIso() }).where('id', '=', id).execute();
  return stillThere(await findComment(ctx.db, id, actor.moderator ? 'admin' : 'public'), 'Comment not found');
}

/**
 * Marks comments deleted (Part C: active or deleted, restorable): one's own, or any but an admin's with comments.delete. The row
 * stays, so replies keep their place under a "deleted" comment and a moderator can restore it; the comments above
 * stop counting a deleted reply that has nothing under it (./reply-counts.ts).
 */
export async function deleteComments(ctx: AppContext, ids: number[], actor: ContentActor): Promise<number> {
  if (!actor.moderator) {
    const foreign = await ctx.db.selectFrom('comments').select('id').where('id', 'in', ids).where('user_id', '!=', actor.id).executeTakeFirst();
    if (foreign) throw forbidden('You can only delete your own comments.');
  } else await assertCanModerateComments(ctx, ids, actor);
  return setDeleted(ctx, ids, true);
}

/** A moderator who is no admin changes no admin's comment (assertCanModerate): deleting or restoring alike. */
async function assertCanModerateComments(ctx: AppContext, ids: number[], actor: ContentActor): Promise<void> {
  if (actor.admin) return;
  const authors = await ctx.db.selectFrom('comments').select('user_id').distinct().where('id', 'in', ids).execute();
  await assertCanModerate(ctx.db, actor, authors.map((r) => r.user_id));
}

/** Deletes or restores comments and settles the reply counts above them, in one transaction; answers how many changed. */
async function setDeleted(ctx: AppContext, ids: number[], deleted: boolean): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const changing = await trx.selectFrom('comments').select('parent_id').where('id', 'in', ids).where('deleted', '=', !deleted).execute();
    if (!changing.length) return 0;
    // Deleting or restoring leaves updated_at alone: the text did not change, so a restored comment is not "Edited".
    const res = await trx.updateTable('comments').set({ deleted }).where('id', 'in', ids).where('deleted', '=', !deleted).executeTakeFirst();
    await settleReplyCounts(trx, changing.map((r) => r.parent_id));
    return Number(res.numUpdatedRows);
  });
}

/** `POST comment/restore` (commentIds). */
export async function restoreComments(ctx: AppContext, ids: number[], actor: ContentActor): Promise<number> {
  await assertCanModerateComments(ctx, ids, actor);
  return setDeleted(ctx, ids, false);
}
