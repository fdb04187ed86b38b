import type { Kysely } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

/**
 * Scoped personal access tokens and two-factor sign-in.
 * - access_tokens.scopes: JSON array of permission names the token may use (null on tokens made before scopes:
 *   they keep their owner's permissions); expires_at: after it the token answers 401.
 * - two_factor: one row per user who started setting up TOTP; confirmed_at is set once a code proved the app works.
 *   recovery_codes holds sha256 hashes only; last_step is the last TOTP time step accepted, so a code is never reused.
 * - two_factor_challenges: the pending sign-in between the password (or social login) and the code; it grants nothing.
 * A write to two_factor moves `version:auth`, so cached callers see a change of their 2FA state at once.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('scopes', 'text').execute();
  await db.schema.alterTable('access_tokens').addColumn('expires_at', k.timestamp).execute();

  await db.schema.createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('confirmed_at', k.timestamp)
    .addColumn('recovery_codes', 'text', (c) => c.notNull())
    .addColumn('last_step', 'integer')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await bumpCounterOnWrite(db, k, 'two_factor', 'version:auth', ['insert', 'update', 'delete'], ['confirmed_at'], 'tfa');

  await db.schema.createTable('two_factor_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_id_index').on('two_factor_challenges').column('user_id').execute();
}
