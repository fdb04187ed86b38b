import type { Kysely } from 'kysely';

/** The daily run that deletes expired sessions and one-time links (auth/sessions.ts) finds them through these. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at_index').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('user_tokens_expires_at_index').on('user_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_tokens_expires_at_index').execute();
  await db.schema.dropIndex('sessions_expires_at_index').execute();
}
