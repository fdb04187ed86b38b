import {
  NOTIFICATION_TYPES, commentAnchor, episodePath, titlePath, type CommentableType, type NotificationSettings, type NotificationSettingsInput, type NotificationType, type SiteNotification,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { paginate, type ListDefinition } from '../../http/list-query.ts';
import { commentableKey, commentablePlaces } from '../comments/repository.ts';
import { authorsOf } from '../reviews/posting.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';

/**
 * A member's notifications: someone replied to their comment, a series they follow has a new episode out
 * (./new-episodes.ts), or a title on their watchlist can now be watched (./now-streaming.ts). A notification stores only whom it is for and its subject (the reply, the episode); what it
 * says is read from the subject when shown, so a reply a moderator deleted or an episode removed disappears from the
 * list and the count, and a member's new name shows at once.
 */

/** Whether the member turned this kind of notification off. */
export const muted = (db: Db, userId: number, type: NotificationType) =>
  db.selectFrom('notification_mutes').select('user_id').where('user_id', '=', userId).where('type', '=', type).executeTakeFirst().then(Boolean);

/**
 * Called in the transaction that posts a reply: its parent's author hears of it (not when replying to oneself).
 * Answers the notification's id, for its mail once the reply is committed.
 */
export async function notifyReply(db: Db, reply: { id: number; user_id: number; parent_id: number }): Promise<number | null> {
  const parent = await db.selectFrom('comments').select('user_id').where('id', '=', reply.parent_id).executeTakeFirst();
  if (!parent || parent.user_id === reply.user_id || await muted(db, parent.user_id, 'comment_reply')) return null;
  const row = await db.insertInto('notifications').values({ user_id: parent.user_id, type: 'comment_reply', subject_id: reply.id, read_at: null, created_at: nowIso() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows written per statement: a popular series or title on many watchlists fans out in chunks. */
const CHUNK = 500;

/** Writes notifications of one kind, each `[member, subject]`; answers their ids. */
export async function insertNotifications(db: Db, type: NotificationType, rows: { user_id: number | null; subject_id: number }[]): Promise<number[]> {
  const created = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const written = await db.insertInto('notifications')
      .values(rows.slice(i, i + CHUNK).map((r) => ({ user_id: r.user_id!, type, subject_id: r.subject_id, read_at: null, created_at: created })))
      .returning('id').execute();
    ids.push(...written.map((r) => r.id));
  }
  return ids;
}

/** Notifications whose subject is still there: the member's, or any (the mail job names them by id). */
export const live = (db: Db, userId?: number) => db.selectFrom('notifications as n')
  .leftJoin('comments as c', (j) => j.onRef('c.id', '=', 'n.subject_id').on('n.type', '=', 'comment_reply').on('c.deleted', '=', false as never))
  .leftJoin('episodes as e', (j) => j.onRef('e.id', '=', 'n.subject_id').on('n.type', '=', 'new_episode'))
  .leftJoin('titles as t', (j) => j.onRef('t.id', '=', 'n.subject_id').on('n.type', '=', 'now_streaming'))
  .$if(userId !== undefined, (q) => q.where('n.user_id', '=', userId!))
  .where((eb) => eb.or([eb('c.id', 'is not', null), eb('e.id', 'is not', null), eb('t.id', 'is not', null)]));

/** What `describeNotifications` reads of each. */
export const NOTIFICATION_COLUMNS = [
  'n.id', 'n.type', 'n.read_at', 'n.created_at', 'c.id as reply_id', 'c.user_id', 'c.content', 'c.commentable_type', 'c.commentable_id',
  'e.title_id', 'e.season_number', 'e.episode_number', 'e.name as episode_name', 'e.description', 'e.release_date',
  't.id as streaming_id', 't.name as streaming_name', 't.description as streaming_description', 't.poster as streaming_poster',
] as const;

export interface Row {
  id: number;
  type: NotificationType;
  read_at: string | null;
  created_at: string;
  /** A reply: its author and what it says and hangs on. */
  reply_id: number | null;
  user_id: number | null;
  content: string | null;
  commentable_type: CommentableType | null;
  commentable_id: number | null;
  /** A new episode. */
  title_id: number | null;
  season_number: number | null;
  episode_number: number | null;
  episode_name: string | null;
  description: string | null;
  release_date: string | null;
  /** A title now streaming. */
  streaming_id: number | null;
  streaming_name: string | null;
  streaming_description: string | null;
  streaming_poster: string | null;
}

const LIST: ListDefinition = { sorts: { created_at: 'n.created_at' }, defaultSort: ['created_at', 'desc'], tieBreaker: 'n.id', filters: {} };
const EXCERPT = 140;

function excerpt(content: string | null): string {
  const text = (content ?? '').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
}

type Reply = Row & { reply_id: number; user_id: number; content: string; commentable_type: CommentableType; commentable_id: number };
type NewEpisode = Row & { title_id: number; season_number: number; episode_number: number; episode_name: string; release_date: string };
const isReply = (r: Row): r is Reply => r.type === 'comment_reply';
const isNewEpisode = (r: Row): r is NewEpisode => r.type === 'new_episode';
type NowStreaming = Row & { streaming_id: number; streaming_name: string };
const isNowStreaming = (r: Row): r is NowStreaming => r.type === 'now_streaming';

/** The series of new episodes, and how many of each came out on the day notified. */
async function seriesOf(db: Db, rows: NewEpisode[]) {
  const ids = [...new Set(rows.map((r) => r.title_id))];
  if (!ids.length) return { titles: new Map<number, { name: string; poster: string | null }>(), counts: new Map<string, number>() };
  const days = [...new Set(rows.map((r) => r.release_date))];
  const [titles, counts] = await Promise.all([
    db.selectFrom('titles').select(['id', 'name', 'poster']).where('id', 'in', ids).execute(),
    db.selectFrom('episodes').select(['title_id', 'release_date', (eb) => eb.fn.countAll<number>().as('n')])
      .where('title_id', 'in', ids).where('release_date', 'in', days).groupBy(['title_id', 'release_date']).execute(),
  ]);
  return {
    titles: new Map(titles.map((t) => [t.id, t])),
    counts: new Map(counts.map((c) => [`${c.title_id}:${c.release_date}`, Number(c.n)])),
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await live(db, userId).where('n.read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `GET notifications`: a page, newest first, and the unread count. */
export async function listNotifications(ctx: AppContext, userId: number, query: unknown) {
  const page = await paginate<Row>(live(ctx.db, userId).select(NOTIFICATION_COLUMNS), query, LIST);
  const data = await describeNotifications(ctx.db, page.data);
  return { pagination: { ...page, data }, unread: await unreadCount(ctx.db, userId) };
}

/** What notifications say, read from their subjects: a few queries for the whole lot, whoever they are for. */
export async function describeNotifications(db: Db, rows: Row[]): Promise<SiteNotification[]> {
  const replies = rows.filter(isReply);
  const [authors, places, series] = await Promise.all([
    authorsOf(db, replies.map((r) => r.user_id), 'public'), commentablePlaces(db, replies), seriesOf(db, rows.filter(isNewEpisode)),
  ]);
  return rows.map((r): SiteNotification => {
    const common = { id: r.id, type: r.type, read_at: r.read_at, created_at: r.created_at };
    if (isNowStreaming(r)) {
      return {
        ...common, actor: null, place: r.streaming_name, link: titlePath({ id: r.streaming_id, name: r.streaming_name }),
        excerpt: excerpt(r.streaming_description), image: r.streaming_poster, episode: null,
      };
    }
    if (isNewEpisode(r)) {
      const title = series.titles.get(r.title_id);
      const name = title?.name ?? '';
      return {
        ...common, actor: null, place: name, link: episodePath({ id: r.title_id, name }, r.season_number, r.episode_number),
        excerpt: excerpt(r.description), image: title?.poster ?? null,
        episode: {
          season_number: r.season_number, episode_number: r.episode_number, name: r.episode_name,
          count: series.counts.get(`${r.title_id}:${r.release_date}`) ?? 1,
        },
      };
    }
    const reply = r as Reply;
    const place = places.get(commentableKey(reply));
    return {
      // The link opens the page on the reply itself (the site shows it with the comments it answers).
      ...common, actor: authors.get(reply.user_id) ?? null, place: place?.name ?? '', link: place ? `${place.link}#${commentAnchor(reply.reply_id)}` : '/',
      excerpt: excerpt(reply.content), image: null, episode: null,
    };
  });
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

/** `DELETE notifications/{ids}`: the given ones of the member's own go (others' ids change nothing); answers the unread count. */
export async function removeNotifications(db: Db, userId: number, ids: number[]): Promise<number> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'in', ids).execute();
  return unreadCount(db, userId);
}

/** The two tables of exceptions: kinds turned off in the bell, kinds asked for by email. */
type KindTable = 'notification_mutes' | 'notification_emails';
const kindsIn = async (db: Db, table: KindTable, userId: number) =>
  new Set((await db.selectFrom(table).select('type').where('user_id', '=', userId).execute()).map((r) => r.type));
const eachKind = (on: (type: NotificationType) => boolean) =>
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, on(type)])) as Record<NotificationType, boolean>;

/** `GET notifications/settings`: every kind on in the bell, except those turned off; by email, those asked for. */
export async function notificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [off, mailed] = await Promise.all([kindsIn(db, 'notification_mutes', userId), kindsIn(db, 'notification_emails', userId)]);
  return { ...eachKind((type) => !off.has(type)), email: eachKind((type) => mailed.has(type)) };
}

/** `PUT notifications/settings`: the kinds given are turned on or off, in the bell and by email; notifications already there stay. */
export async function saveNotificationSettings(db: Db, userId: number, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const mark = async (trx: Db, table: KindTable, type: NotificationType, row: boolean) => {
    await trx.deleteFrom(table).where('user_id', '=', userId).where('type', '=', type).execute();
    if (row) await trx.insertInto(table).values({ user_id: userId, type, created_at: nowIso() }).execute();
  };
  await db.transaction().execute(async (trx) => {
    for (const type of NOTIFICATION_TYPES) {
      const bell = input[type];
      const email = input.email?.[type];
      if (bell !== undefined) await mark(trx, 'notification_mutes', type, !bell);
      if (email !== undefined) await mark(trx, 'notification_emails', type, email);
    }
    // The token the mails' unsubscribe links carry, made once, when the member first asks for mail.
    if (NOTIFICATION_TYPES.some((type) => input.email?.[type])) {
      await trx.insertInto('notification_email_tokens').values({ user_id: userId, token: randomToken(24), created_at: nowIso() })
        .onConflict((oc) => oc.column('user_id').doNothing()).execute();
    }
  });
  return notificationSettings(db, userId);
}

/**
 * `POST notifications/unsubscribe`: turns off by email the kind given (every kind without one) for the member whose
 * token the link carries; null for a token nobody has. Saying it twice is the same.
 */
export async function unsubscribe(db: Db, token: string, type?: NotificationType): Promise<NotificationType[] | null> {
  const owner = await db.selectFrom('notification_email_tokens').select('user_id').where('token', '=', token).executeTakeFirst();
  if (!owner) return null;
  const kinds = type ? [type] : [...NOTIFICATION_TYPES];
  await db.deleteFrom('notification_emails').where('user_id', '=', owner.user_id).where('type', 'in', kinds).execute();
  return kinds;
}

/** Notifications are news: after half a year they go. */
const KEEP_DAYS = 180;
registerRecurring('notifications:prune', DAY_MS, (ctx) =>
  ctx.db.deleteFrom('notifications').where('created_at', '<', new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString()).execute());
