import { isSystemTagType, SYSTEM_TAG_TYPE_MESSAGE, TAG_NAME_TAKEN_MESSAGE, type Tag, type TagInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { notFound, unprocessable, stillThere } from '../../http/errors.ts';
import { onDuplicate } from '../../db/errors.ts';
import { findTag } from './repository.ts';

/** A name is unique within its type (checked here for a clear message; the unique index is the last word). */
async function assertNameFree(db: Db, name: string, type: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('tags').select('id').where('name', '=', name).where('type', '=', type);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

const nameTaken = () => unprocessable('name', TAG_NAME_TAKEN_MESSAGE);

export async function createTag(ctx: AppContext, input: TagInput): Promise<Tag> {
  if (isSystemTagType(input.type)) throw unprocessable('type', SYSTEM_TAG_TYPE_MESSAGE);
  await assertNameFree(ctx.db, input.name, input.type);
  const now = nowIso();
  const row = await onDuplicate(ctx.db.insertInto('tags').values({
    name: input.name, display_name: input.display_name ?? input.name, type: input.type, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow(), nameTaken);
  return stillThere(await findTag(ctx.db, row.id), 'Tag not found');
}

export async function updateTag(ctx: AppContext, id: number, input: TagInput): Promise<Tag> {
  const existing = await findTag(ctx.db, id);
  if (!existing) throw notFound('Tag not found');
  // A tag of a system type may keep it; no tag may be moved into one.
  if (isSystemTagType(input.type) && input.type !== existing.type) throw unprocessable('type', SYSTEM_TAG_TYPE_MESSAGE);
  await assertNameFree(ctx.db, input.name, input.type, id);
  await onDuplicate(ctx.db.updateTable('tags').set({
    name: input.name, display_name: input.display_name ?? input.name, type: input.type, updated_at: nowIso(),
  }).where('id', '=', id).execute(), nameTaken);
  return stillThere(await findTag(ctx.db, id), 'Tag not found');
}

export async function deleteTags(ctx: AppContext, ids: number[]): Promise<number> {
  const res = await ctx.db.deleteFrom('tags').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}
