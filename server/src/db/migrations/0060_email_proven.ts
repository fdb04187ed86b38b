import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * `email_verified_at` is stamped at registration when the site does not ask for confirmation, so it does not say
 * that the address was ever proven. A social sign-in linked such an account to the address's real owner, and whoever
 * registered it first kept its password. `email_proven_at` is set only by proof: a mailed link opened (confirmation,
 * password reset, email change) or a provider's confirmed address. Accounts linked to a provider already are proven.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_proven_at', k.timestamp).execute();
  await sql`UPDATE users SET email_proven_at = coalesce(email_verified_at, created_at)
    WHERE id IN (SELECT user_id FROM social_profiles)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_proven_at').execute();
}
