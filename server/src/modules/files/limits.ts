import { sql } from 'kysely';
import { SERVER_MAX_CHUNK_BYTES, formatBytes, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { planAvailableSpace } from '../billing/effects.ts';
import { restrictionLimit, restrictionValues } from '../roles/permissions.ts';
import { extensionOf } from './detect.ts';

export interface UploadLimits {
  chunkSize: number;
  /** Largest single file; null: no limit. */
  maxFileSize: number | null;
  /** Total bytes the user may store; null: no limit. */
  availableSpace: number | null;
  allowed: string[];
  blocked: string[];
}

/** The largest available_space any of the user's files.create grants gives (their own grant first); a grant without one leaves the site default. */
async function roleSpace(db: Db, userId: number): Promise<number | null> {
  const { own, others } = await restrictionValues(db, userId, 'files.create', 'available_space');
  if (typeof own === 'number') return own;
  const values = others.filter((v): v is number => v !== null);
  return values.length ? Math.max(...values) : null;
}

export async function uploadLimits(ctx: AppContext, userId: number, isAdmin: boolean): Promise<UploadLimits> {
  const [chunkSetting, maxSetting, allowed, blocked, spaceSetting] = await Promise.all([
    ctx.settings.get('client.uploads.chunk_size'), ctx.settings.get('client.uploads.max_size'),
    ctx.settings.get('client.uploads.allowed_extensions'), ctx.settings.get('client.uploads.blocked_extensions'),
    ctx.settings.get('client.uploads.available_space'),
  ]);
  const user = await ctx.db.selectFrom('users').select('available_space').where('id', '=', userId).executeTakeFirst();
  // Administrators are not held to role restrictions, but the site-wide settings still apply.
  const maxRestriction = isAdmin ? null : await restrictionLimit(ctx.db, userId, 'files.create', 'max_file_size');
  // A role without an available_space value does not mean "unlimited": it leaves the site default in force.
  const spaceRestriction = isAdmin ? null : ((await planAvailableSpace(ctx.db, userId)) ?? (await roleSpace(ctx.db, userId)));
  const maxFileSize = [maxSetting, maxRestriction].filter((v): v is number => typeof v === 'number');
  return {
    chunkSize: Math.min(chunkSetting, SERVER_MAX_CHUNK_BYTES),
    maxFileSize: maxFileSize.length ? Math.min(...maxFileSize) : null,
    // The user's own allowance, else inherited from their roles, else the site default.
    // Administrators store without a quota unless one was set on their own account.
    availableSpace: isAdmin ? (user?.available_space ?? null) : (user?.available_space ?? spaceRestriction ?? spaceSetting ?? null),
    allowed: allowed.map((e) => e.replace(/^\./, '').toLowerCase()),
    blocked: blocked.map((e) => e.replace(/^\./, '').toLowerCase()),
  };
}

/** Bytes the user's stored files take. */
export async function usedSpace(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('file_entries').select(sql<number>`coalesce(sum(file_size), 0)`.as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Bytes reserved by the user's uploads in progress, leaving one out. */
export async function reservedSpace(db: Db, userId: number, exceptUploadId?: string): Promise<number> {
  let q = db.selectFrom('upload_sessions').select(sql<number>`coalesce(sum(size), 0)`.as('n')).where('user_id', '=', userId);
  if (exceptUploadId) q = q.where('id', '!=', exceptUploadId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Why the operator's allowed/blocked extension lists refuse a file of this name; null when they let it in. */
export function extensionRefusal(name: string, limits: UploadLimits): string | null {
  const ext = extensionOf(name) ?? '';
  if (!limits.blocked.includes(ext) && (!limits.allowed.length || limits.allowed.includes(ext))) return null;
  return ext ? translate(undefined, 'Files with the .:extension extension are not allowed.', { extension: ext }) : 'Files without an extension are not allowed.';
}

/** The refusal of a file over the largest size the operator (and the uploader's role) allows. */
export const sizeRefusal = (maxFileSize: number) => translate(undefined, 'The file may not be greater than :size.', { size: formatBytes(maxFileSize) });
