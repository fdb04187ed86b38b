import type { TitleTagType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { onDuplicate } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { filters, paginate } from '../../http/list-query.ts';

const COLUMNS = ['id', 'type', 'name', 'display_name', 'created_at', 'updated_at'] as const;
const taken = () => new HttpError(422, 'This name has already been taken.', { name: ['This name has already been taken.'] });

/** One page of a type's tags. */
export async function listTitleTags(ctx: AppContext, type: TitleTagType, query: unknown) {
  return paginate(ctx.db.selectFrom('title_tags').select(COLUMNS).where('type', '=', type), query, {
    sorts: { name: 'name', display_name: 'display_name', updated_at: 'updated_at', created_at: 'created_at' },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'id',
    filters: { created_at: filters.date('created_at'), updated_at: filters.date('updated_at') },
    // Names are short lower-case identifiers: a prefix match runs on the (type, name) index.
    search: (qb, q) => qb.where('name', '>=', q.toLowerCase()).where('name', '<', `${q.toLowerCase()}\uffff`),
  });
}

async function nameTaken(db: Db, type: TitleTagType, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Names are stored lower-case and unique per type; the display name defaults to the name as typed. */
export async function createTitleTag(db: Db, type: TitleTagType, input: { name: string; display_name?: string | null }) {
  const name = input.name.toLowerCase();
  if (await nameTaken(db, type, name)) throw taken();
  const now = nowIso();
  return onDuplicate(db.insertInto('title_tags').values({ type, name, display_name: input.display_name ?? input.name, tmdb_id: null, created_at: now, updated_at: now })
    .returning(COLUMNS).executeTakeFirstOrThrow(), taken);
}

/** The updated tag, or null when the type has no tag with this id. */
export async function updateTitleTag(db: Db, type: TitleTagType, id: number, input: { name: string; display_name?: string | null }) {
  const name = input.name.toLowerCase();
  if (!(await db.selectFrom('title_tags').select('id').where('id', '=', id).where('type', '=', type).executeTakeFirst())) return null;
  if (await nameTaken(db, type, name, id)) throw taken();
  await onDuplicate(db.updateTable('title_tags').set({ name, display_name: input.display_name ?? input.name, updated_at: nowIso() }).where('id', '=', id).execute(), taken);
  return db.selectFrom('title_tags').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function deleteTitleTags(db: Db, type: TitleTagType, ids: number[]): Promise<void> {
  await db.deleteFrom('title_tags').where('type', '=', type).where('id', 'in', ids).execute();
}
