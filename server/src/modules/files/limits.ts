import { sql } from 'kysely';
import { SERVER_MAX_CHUNK_BYTES } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { planAvailableSpace } from '../billing/effects.ts';

export interface UploadLimits {
  chunkSize: number;
  /** Largest single file; null: no limit. */
  maxFileSize: number | null;
  /** Total bytes the user may store; null: no limit. */
  availableSpace: number | null;
  allowed: string[];
  blocked: string[];
}

/**
 * One numeric restriction of files.create for a user: their own grant wins; otherwise the most generous of
 * their roles' grants (a role granting files.create without the restriction means no limit from roles).
 */
function grants(db: Db, userId: number) {
  return db.selectFrom('permission_grants').select(['model_type', 'restrictions'])
    .where('name', '=', 'files.create')
    .where((eb) => eb.or([
      eb.and([eb('model_type', '=', 'user'), eb('model_id', '=', userId)]),
      eb.and([eb('model_type', '=', 'role'), eb('model_id', 'in', eb.selectFrom('user_role').select('role_id').where('user_id', '=', userId))]),
    ])).execute();
}

function restrictionValue(r: { restrictions: string | null }, name: string): number | null {
  const list = r.restrictions ? JSON.parse(r.restrictions) as { name: string; value?: unknown }[] : [];
  const v = list.find((x) => x.name === name)?.value;
  return typeof v === 'number' && v > 0 ? v : null;
}

/**
 * The max_file_size restriction of files.create for a user: their own grant wins; otherwise the most generous of
 * their roles' grants (a role granting files.create without the restriction lets any size through).
 */
async function maxFileRestriction(db: Db, userId: number): Promise<number | null> {
  const rows = await grants(db, userId);
  const own = rows.find((r) => r.model_type === 'user');
  if (own && restrictionValue(own, 'max_file_size') !== null) return restrictionValue(own, 'max_file_size');
  const values = rows.filter((r) => r.model_type === 'role').map((r) => restrictionValue(r, 'max_file_size'));
  return !values.length || values.some((v) => v === null) ? null : Math.max(...(values as number[]));
}

/** The largest available_space any of the user's files.create grants gives (their own grant first). */
async function roleSpace(db: Db, userId: number): Promise<number | null> {
  const rows = await grants(db, userId);
  const own = rows.find((r) => r.model_type === 'user');
  if (own && restrictionValue(own, 'available_space') !== null) return restrictionValue(own, 'available_space');
  const values = rows.filter((r) => r.model_type === 'role').map((r) => restrictionValue(r, 'available_space')).filter((v): v is number => v !== null);
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
  const maxRestriction = isAdmin ? null : await maxFileRestriction(ctx.db, userId);
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
