import type { CommentableType, SiteNotification } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { paginate, type ListDefinition } from '../../http/list-query.ts';
import { commentableKey, commentablePlaces } from '../comments/repository.ts';
import { authorsOf } from '../reviews/posting.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/**
 * A member's notifications: someone replied to their comment. A notification stores only whom it is for and the
 * reply; what it says (who, where, the reply's start) is read from the reply when shown, so a reply a moderator
 * deleted disappears from the list and the count, and a member's new name shows at once.
 */

/** Called in the transaction that posts a reply: its parent's author hears of it (not when replying to oneself). */
export async function notifyReply(db: Db, reply: { id: number; user_id: number; parent_id: number }): Promise<void> {
  const parent = await db.selectFrom('comments').select('user_id').where('id', '=', reply.parent_id).executeTakeFirst();
  if (!parent || parent.user_id === reply.user_id) return;
  await db.insertInto('notifications').values({ user_id: parent.user_id, type: 'comment_reply', subject_id: reply.id, read_at: null, created_at: nowIso() }).execute();
}

/** The member's notifications whose reply is still there. */
const live = (db: Db, userId: number) => db.selectFrom('notifications as n')
  .innerJoin('comments as c', 'c.id', 'n.subject_id')
  .where('n.user_id', '=', userId).where('n.type', '=', 'comment_reply').where('c.deleted', '=', false);

interface Row {
  id: number;
  type: 'comment_reply';
  read_at: string | null;
  created_at: string;
  /** The reply's author and what it says and hangs on. */
  user_id: number;
  content: string;
  commentable_type: CommentableType;
  commentable_id: number;
}

const LIST: ListDefinition = { sorts: { created_at: 'n.created_at' }, defaultSort: ['created_at', 'desc'], tieBreaker: 'n.id', filters: {} };
const EXCERPT = 140;

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await live(db, userId).where('n.read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `GET notifications`: a page, newest first, and the unread count. */
export async function listNotifications(ctx: AppContext, userId: number, query: unknown) {
  const base = live(ctx.db, userId)
    .select(['n.id', 'n.type', 'n.read_at', 'n.created_at', 'c.user_id', 'c.content', 'c.commentable_type', 'c.commentable_id']);
  const page = await paginate<Row>(base, query, LIST);
  const rows = page.data;
  const [authors, places] = await Promise.all([authorsOf(ctx.db, rows.map((r) => r.user_id), 'public'), commentablePlaces(ctx.db, rows)]);
  const data: SiteNotification[] = rows.map((r) => {
    const place = places.get(commentableKey(r));
    const text = r.content.replace(/\s+/g, ' ').trim();
    return {
      id: r.id, type: r.type, actor: authors.get(r.user_id) ?? null, place: place?.name ?? '', link: place?.link ?? '/',
      excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text, read_at: r.read_at, created_at: r.created_at,
    };
  });
  return { pagination: { ...page, data }, unread: await unreadCount(ctx.db, userId) };
}

/** `POST notifications/read`: the given ones of the member's own (others' ids change nothing), or all. */
export async function markRead(db: Db, userId: number, ids?: number[]): Promise<number> {
  if (ids?.length !== 0) {
    let q = db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (ids) q = q.where('id', 'in', ids);
    await q.execute();
  }
  return unreadCount(db, userId);
}

/** Notifications are news: after half a year they go. */
const KEEP_DAYS = 180;
registerRecurring('notifications:prune', DAY_MS, (ctx) =>
  ctx.db.deleteFrom('notifications').where('created_at', '<', new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString()).execute());
