import type { AppContext } from '../../context.ts';
import { paginate } from '../../http/list-query.ts';
import { commentsListDefinition } from './list.ts';
import { commentAnchor, episodePath, titlePath, type Comment, type CommentableType } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { toBool } from '../../db/index.ts';
import { authorsOf } from '../reviews/posting.ts';

export const COMMENT_COLUMNS = [
  'comments.id', 'comments.user_id', 'comments.commentable_type', 'comments.commentable_id', 'comments.title_id', 'comments.parent_id',
  'comments.content', 'comments.deleted', 'comments.replies_count', 'comments.reports_count', 'comments.created_at', 'comments.updated_at',
] as const;

type Row = Omit<Comment, 'user' | 'commentable' | 'deleted'> & { content: string; deleted: boolean | number };

type Commented = { commentable_type: CommentableType; commentable_id: number };
export const commentableKey = (r: Commented) => `${r.commentable_type}:${r.commentable_id}`;

/** What comments hang on, named and with the site page that shows them (keyed by commentableKey): one query per type present. */
export async function commentablePlaces(db: Db, rows: Commented[]): Promise<Map<string, { name: string; link: string }>> {
  const out = new Map<string, { name: string; link: string }>();
  const idsOf = (type: CommentableType) => [...new Set(rows.filter((r) => r.commentable_type === type).map((r) => r.commentable_id))];
  const titles = idsOf('title');
  const episodes = idsOf('episode');
  const videos = idsOf('video');
  const articles = idsOf('news_article');
  const [t, e, v, a] = await Promise.all([
    titles.length ? db.selectFrom('titles').select(['id', 'name']).where('id', 'in', titles).execute() : [],
    episodes.length ? db.selectFrom('episodes').innerJoin('titles', 'titles.id', 'episodes.title_id')
      .select(['episodes.id', 'episodes.name', 'episodes.title_id', 'titles.name as title_name', 'episodes.season_number', 'episodes.episode_number'])
      .where('episodes.id', 'in', episodes).execute() : [],
    videos.length ? db.selectFrom('videos').select(['id', 'name']).where('id', 'in', videos).execute() : [],
    articles.length ? db.selectFrom('news_articles').select(['id', 'title', 'slug']).where('id', 'in', articles).execute() : [],
  ]);
  for (const r of t) out.set(`title:${r.id}`, { name: r.name, link: titlePath(r) });
  for (const r of e) {
    out.set(`episode:${r.id}`, {
      name: `${r.title_name} S${r.season_number}E${r.episode_number}: ${r.name}`,
      link: episodePath({ id: r.title_id, name: r.title_name }, r.season_number, r.episode_number),
    });
  }
  for (const r of v) out.set(`video:${r.id}`, { name: r.name, link: `/watch/${r.id}` });
  for (const r of a) out.set(`news_article:${r.id}`, { name: r.title, link: `/news/${r.id}/${r.slug}` });
  return out;
}

/**
 * Public view hides a deleted comment's text (it keeps its place in the thread) and its reports count; the admin
 * view shows everything and names what each comment belongs to.
 */
export async function toComments(db: Db, rows: Row[], view: 'public' | 'admin'): Promise<Comment[]> {
  const [authors, names] = await Promise.all([
    authorsOf(db, rows.map((r) => r.user_id), view),
    view === 'admin' ? commentablePlaces(db, rows) : Promise.resolve(new Map<string, { name: string; link: string }>()),
  ]);
  return rows.map(({ reports_count, ...r }) => {
    const deleted = toBool(r.deleted);
    const key = commentableKey(r);
    return {
      ...r,
      // How often members reported a comment is for the moderators only.
      ...(view === 'admin' ? { reports_count } : {}),
      deleted,
      content: deleted && view === 'public' ? null : r.content,
      user: deleted && view === 'public' ? null : authors.get(r.user_id) ?? null,
      // The moderator reads it in its thread: the site opens the thread at `#comment-{id}` (as a reply notification's link does).
      ...(view === 'admin' ? { commentable: names.has(key) ? { id: r.commentable_id, name: names.get(key)!.name, link: `${names.get(key)!.link}#${commentAnchor(r.id)}` } : null } : {}),
    };
  });
}

export async function findComment(db: Db, id: number, view: 'public' | 'admin' = 'admin'): Promise<Comment | null> {
  const row = await db.selectFrom('comments').select(COMMENT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await toComments(db, [row as Row], view))[0] : null;
}

export type { Row as CommentRow };

/** One page of the admin comments list. */
export async function listComments(ctx: AppContext, query: unknown) {
  const page = await paginate<Row>(ctx.db.selectFrom('comments').select(COMMENT_COLUMNS), query, commentsListDefinition(ctx));
  return { ...page, data: await toComments(ctx.db, page.data, 'admin') };
}
