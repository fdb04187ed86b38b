import { PERMISSION_NAMES, can, translate, type AccessToken } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { loadPermissions } from '../roles/permissions.ts';

/**
 * Personal access tokens. A token carries a chosen subset of its owner's permissions (its scopes); at request
 * time it holds its scopes ∩ the owner's current permissions, so demoting the owner shrinks every token at once.
 */

const parseScopes = (json: string | null): string[] | null => {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

/** Tokens one user may hold: each is a standing key to the account, and a script creating them without end fills the table. */
export const MAX_ACCESS_TOKENS = 100;

export async function listAccessTokens(db: Db, userId: number): Promise<AccessToken[]> {
  const rows = await db.selectFrom('access_tokens').select(['id', 'name', 'scopes', 'expires_at', 'last_used_at', 'created_at'])
    .where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ ...r, scopes: parseScopes(r.scopes) }));
}

/**
 * Refuses (422, naming it) a scope that is not a permission or that the caller does not hold. `viaScopedToken`: the
 * permissions of the limited token making this one, which it cannot exceed (without scopes it gets the same).
 */
export async function createAccessToken(
  ctx: AppContext, userId: number, input: { tokenName: string; scopes?: string[]; expires_at?: string | null },
  viaScopedToken: Set<string> | null = null,
): Promise<string> {
  const held = viaScopedToken ?? await loadPermissions(ctx.db, userId);
  const scopes = input.scopes ? [...new Set(input.scopes)] : viaScopedToken ? [...viaScopedToken] : null;
  for (const name of scopes ?? []) {
    const message = !PERMISSION_NAMES.has(name)
      ? translate(undefined, '":permission" is not a permission.', { permission: name })
      : !can(held, name) ? translate(undefined, 'You do not have the ":permission" permission.', { permission: name }) : null;
    if (message) throw new HttpError(422, message, { scopes: [message] });
  }
  const { count } = await ctx.db.selectFrom('access_tokens').select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_ACCESS_TOKENS) {
    const message = translate(undefined, 'You can have at most :count API tokens. Delete one you no longer use first.', { count: MAX_ACCESS_TOKENS });
    throw new HttpError(422, message, { tokenName: [message] });
  }
  const plain = `${randomToken(6)}|${randomToken(30)}`;
  await ctx.db.insertInto('access_tokens').values({
    user_id: userId, name: input.tokenName, token_hash: sha256(plain), scopes: scopes && JSON.stringify(scopes.sort()),
    expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null, last_used_at: null, created_at: nowIso(),
  }).execute();
  return plain;
}

export async function deleteAccessToken(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound('Token not found');
}

/** The token row for a plain token, with its parsed scopes. */
export async function findAccessToken(db: Db, plain: string) {
  // The owner's 2FA state too: with require_two_factor_admin on, an admin's token needs its owner to have 2FA on.
  const row = await db.selectFrom('access_tokens').innerJoin('users', 'users.id', 'access_tokens.user_id')
    .leftJoin('two_factor', 'two_factor.user_id', 'access_tokens.user_id')
    .select(['access_tokens.id', 'access_tokens.scopes', 'access_tokens.expires_at', 'users.id as user_id', 'users.banned_at', 'users.email_verified_at', 'two_factor.confirmed_at'])
    .where('token_hash', '=', sha256(plain)).executeTakeFirst();
  return row && { ...row, scopes: parseScopes(row.scopes) };
}

/** What a token may do: its scopes that its owner still holds (an owner with `admin` holds every scope). */
export function scopePermissions(owner: Set<string>, scopes: string[] | null): Set<string> {
  if (scopes === null) return owner;
  return new Set(scopes.filter((s) => can(owner, s)));
}
