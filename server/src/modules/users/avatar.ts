import type { FastifyRequest } from 'fastify';
import { storedKeyOf } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { storeImageUpload } from '../../http/uploads.ts';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Side of a stored avatar: over twice the largest place it shows (the profile page's 112 px), for sharp screens. */
export const AVATAR_SIZE = 256;

/** Stores the request's uploaded image as a user's avatar (admin user form and account settings); the replaced upload goes. */
export async function storeAvatar(ctx: AppContext, req: FastifyRequest, userId: number): Promise<void> {
  const url = await storeImageUpload(ctx, req, { prefix: 'avatars', maxBytes: AVATAR_MAX_BYTES, tooLarge: 'The image may not be greater than 5 MB.', square: AVATAR_SIZE });
  const previous = await ctx.db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
  await ctx.db.updateTable('users').set({ avatar: url, updated_at: nowIso() }).where('id', '=', userId).execute();
  await deleteAvatarFile(ctx, userId, previous?.avatar ?? null);
}

/** Removes a user's avatar and, when it was an upload, its file. */
export async function removeAvatar(ctx: AppContext, userId: number, current: string | null): Promise<void> {
  await ctx.db.updateTable('users').set({ avatar: null, updated_at: nowIso() }).where('id', '=', userId).execute();
  await deleteAvatarFile(ctx, userId, current);
}

/**
 * Deletes the file behind a user's old avatar URL only when the server made it (see storedKeyOf): the column may
 * hold an address a client wrote, which must never become a path to delete. A URL copied onto another user
 * (the admin form accepts uploaded URLs) stays while that user still shows it.
 */
export async function deleteAvatarFile(ctx: AppContext, userId: number, url: string | null): Promise<void> {
  const key = storedKeyOf(url, ['avatars']);
  if (!key) return;
  const shared = await ctx.db.selectFrom('users').select('id').where('avatar', '=', url).where('id', '!=', userId).executeTakeFirst();
  if (!shared) await ctx.storage.delete(key);
}
