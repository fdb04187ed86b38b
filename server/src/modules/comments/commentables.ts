import type { CommentableType } from '@app/contracts';
import type { Db } from '../../db/index.ts';

/** Resolves a commentable to the title it belongs to (null for items outside the catalogue), or null when it does not exist. */
export type CommentableResolver = (db: Db, id: number) => Promise<{ title_id: number | null } | null>;

/**
 * What comments can hang on, by type. A Map, so a type from the request never picks an object property; a type
 * without a resolver (news articles until the news module registers one) is refused.
 */
const RESOLVERS = new Map<CommentableType, CommentableResolver>([
  ['title', async (db, id) => ((await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst()) ? { title_id: id } : null)],
  ['episode', async (db, id) => (await db.selectFrom('episodes').select('title_id').where('id', '=', id).executeTakeFirst()) ?? null],
  ['video', async (db, id) => (await db.selectFrom('videos').select('title_id').where('id', '=', id).executeTakeFirst()) ?? null],
]);

/** Lets another module (news) make its items commentable. */
export function registerCommentable(type: CommentableType, resolve: CommentableResolver): void {
  RESOLVERS.set(type, resolve);
}

export function resolveCommentable(db: Db, type: CommentableType, id: number): Promise<{ title_id: number | null } | null> {
  const resolve = RESOLVERS.get(type);
  return resolve ? resolve(db, id) : Promise.resolve(null);
}
