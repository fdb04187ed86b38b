import type { Kysely } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

/** Confirming an e-mail address changes what a caller may do (client.require_email_confirmation). */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await bumpCounterOnWrite(db, k, 'users', 'version:auth', ['update'], ['email_verified_at'], 'verified');
}
