import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { storeImageUpload } from '../../http/uploads.ts';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores the request's uploaded image as a user's avatar (admin user form and account settings). */
export async function storeAvatar(ctx: AppContext, req: FastifyRequest, userId: number): Promise<void> {
  const url = await storeImageUpload(ctx, req, { prefix: 'avatars', maxBytes: AVATAR_MAX_BYTES, tooLarge: 'The image may not be greater than 5 MB.' });
  await ctx.db.updateTable('users').set({ avatar: url, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Removes a user's avatar and, when it was an upload, its file. */
export async function removeAvatar(ctx: AppContext, userId: number, current: string | null): Promise<void> {
  if (current?.startsWith('/storage/')) await ctx.storage.delete(`public/${current.slice('/storage/'.length)}`);
  await ctx.db.updateTable('users').set({ avatar: null, updated_at: nowIso() }).where('id', '=', userId).execute();
}
