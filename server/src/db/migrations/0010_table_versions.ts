import type { Kysely } from 'kysely';
import { bumpCounterOnWrite, countRows, type ColumnKit } from './kit.ts';

/**
 * Versions that per-process caches key by. `version:auth` moves whenever who-may-do-what can change
 * (grants, role membership, the guests role, bans, ended sessions or revoked tokens); `version:users`
 * whenever a users list could answer differently.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await bumpCounterOnWrite(db, k, 'permission_grants', 'version:auth', ['insert', 'update', 'delete']);
  await bumpCounterOnWrite(db, k, 'user_role', 'version:auth', ['insert', 'update', 'delete']);
  await bumpCounterOnWrite(db, k, 'roles', 'version:auth', ['insert', 'update', 'delete']);
  await bumpCounterOnWrite(db, k, 'sessions', 'version:auth', ['delete']);
  await bumpCounterOnWrite(db, k, 'access_tokens', 'version:auth', ['delete']);
  await bumpCounterOnWrite(db, k, 'users', 'version:auth', ['update', 'delete'], ['banned_at']);

  await bumpCounterOnWrite(db, k, 'users', 'version:users', ['insert', 'update', 'delete']);
  await bumpCounterOnWrite(db, k, 'user_role', 'version:users', ['insert', 'update', 'delete']);
  await bumpCounterOnWrite(db, k, 'subscriptions', 'version:users', ['insert', 'update', 'delete']);
  await countRows(db, k, 'users');
}
