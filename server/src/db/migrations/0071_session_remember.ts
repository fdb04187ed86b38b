import { sql, type Kysely } from 'kysely';

/**
 * Whether a sign-in asked to stay signed in ("Stay signed in for a month"). A session without it lives in a browser
 * cookie that ends when the browser closes and, on the server, ends after a short time without activity. A pending
 * two-factor sign-in keeps the choice until its code step starts the session. Sessions made before this lasted a month.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`UPDATE sessions SET remember = ${sql.lit(true)}`.execute(db);
  await db.schema.alterTable('two_factor_challenges').addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('two_factor_challenges').dropColumn('remember').execute();
  await db.schema.alterTable('sessions').dropColumn('remember').execute();
}
