import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { sniffImage } from '../../lib/sniff.ts';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores the request's uploaded image as a user's avatar (admin user form and account settings). */
export async function storeAvatar(ctx: AppContext, req: FastifyRequest, userId: number): Promise<void> {
  const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!file) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
  const buffer = await file.toBuffer().catch(() => { throw new HttpError(422, 'The image may not be greater than 5 MB.', { file: ['The image may not be greater than 5 MB.'] }); });
  const ext = sniffImage(buffer);
  if (!ext) throw new HttpError(422, 'The file must be an image (png, jpeg, gif or webp).', { file: ['The file must be an image (png, jpeg, gif or webp).'] });
  const key = `avatars/${crypto.randomUUID()}.${ext}`;
  await ctx.storage.put(`public/${key}`, buffer);
  await ctx.db.updateTable('users').set({ avatar: `/storage/${key}`, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Removes a user's avatar and, when it was an upload, its file. */
export async function removeAvatar(ctx: AppContext, userId: number, current: string | null): Promise<void> {
  if (current?.startsWith('/storage/')) await ctx.storage.delete(`public/${current.slice('/storage/'.length)}`);
  await ctx.db.updateTable('users').set({ avatar: null, updated_at: nowIso() }).where('id', '=', userId).execute();
}
