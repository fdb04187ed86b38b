import type { FastifyRequest } from 'fastify';
import { PREVIEW_TOKEN_TTL_MS, translate, type FileEntry } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { videoNamesWithSource } from '../videos/repository.ts';
import { bumpFileCounter, downloadUrl, findEntry } from './repository.ts';

/** Who may open a file's bytes without a preview token: anyone if public, its owner, and file managers. */
export function canOpen(req: FastifyRequest, entry: Pick<FileEntry, 'public' | 'owner_id'>): boolean {
  return entry.public || (req.auth.userId !== null && req.auth.userId === entry.owner_id) || req.auth.can('files.view') || req.auth.can('files.update');
}

export async function validPreviewToken(ctx: AppContext, entryId: number, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || !token || token.length > 200) return false;
  const row = await ctx.db.selectFrom('file_preview_tokens').select('expires_at')
    .where('token_hash', '=', sha256(token)).where('file_entry_id', '=', entryId).executeTakeFirst();
  return Boolean(row && row.expires_at > nowIso());
}

/** A short-lived token that opens one private file without cookies (the previewer's iframe, video and audio tags). */
export async function addPreviewToken(ctx: AppContext, req: FastifyRequest, id: number): Promise<string> {
  const entry = await findEntry(ctx.db, { id });
  if (!entry) throw notFound('File not found');
  if (!canOpen(req, entry)) throw forbidden();
  const token = randomToken(32);
  const now = nowIso();
  await ctx.db.deleteFrom('file_preview_tokens').where('file_entry_id', '=', id).where('expires_at', '<', now).execute();
  await ctx.db.insertInto('file_preview_tokens').values({
    token_hash: sha256(token), file_entry_id: id, expires_at: new Date(Date.now() + PREVIEW_TOKEN_TTL_MS).toISOString(),
  }).execute();
  return token;
}

/**
 * A file a video plays (an upload made into a video is its source until the transcode has made the stream, and
 * stays it when the transcode failed) is not deleted from the Files page: the transcode would fail on a missing file
 * and the video would point at nothing. The admin is told which videos to change or delete first.
 */
export async function assertNoVideoPlays(ctx: AppContext, ids: number[]): Promise<void> {
  const hashes = await ctx.db.selectFrom('file_entries').select('hash').where('id', 'in', ids).execute();
  const videos = await videoNamesWithSource(ctx.db, hashes.map((h) => downloadUrl(h.hash)));
  if (videos.length) {
    throw new HttpError(422, translate(undefined, 'The videos :names play this file. Change or delete them first.', { names: videos.map((n) => `"${n}"`).join(', ') }));
  }
}

/**
 * Deletes entries and their preview tokens in one transaction; the bytes and thumbnails go after the commit,
 * so a failed delete never leaves rows pointing at missing bytes.
 */
export async function deleteEntries(ctx: AppContext, ids: number[]): Promise<number> {
  const { count, rows } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('file_entries').select(['id', 'file_name', 'thumbnail', 'disk']).where('id', 'in', ids).execute();
    if (!rows.length) return { count: 0, rows: [] };
    const found = rows.map((r) => r.id);
    await trx.deleteFrom('file_preview_tokens').where('file_entry_id', 'in', found).execute();
    await trx.updateTable('file_entries').set({ parent_id: null }).where('parent_id', 'in', found).execute();
    await trx.deleteFrom('file_entries').where('id', 'in', found).execute();
    await bumpFileCounter(trx, -rows.length);
    return { count: rows.length, rows };
  });
  // Each file's bytes go from the driver it was stored on (the uploads disk may have been switched since).
  const byDisk = new Map<string, string[]>();
  for (const r of rows) byDisk.set(r.disk, [...(byDisk.get(r.disk) ?? []), r.file_name, ...(r.thumbnail ? [r.thumbnail] : [])]);
  for (const [disk, keys] of byDisk) await (await ctx.storage.driver(disk, keys[0])).deleteMany(keys);
  return count;
}

/** Deletes many entries as deleteEntries does, a few hundred at a time (a query takes only so many ids). */
export async function deleteEntriesInBatches(ctx: AppContext, ids: number[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 500) deleted += await deleteEntries(ctx, ids.slice(i, i + 500));
  return deleted;
}
