import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * The first-run seed now writes a `seed.completed_at` marker as its last step, and a start without the marker finishes
 * whatever set-up is missing (a first start that died half-way). A site that was already set up (it has accounts)
 * before this release gets the marker now, so nothing an operator deleted since is ever added back.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  const now = new Date().toISOString();
  const at = k.dialect === 'postgres' ? sql`CAST(${now} AS timestamptz)` : sql`${now}`;
  await sql`INSERT INTO settings (name, value, updated_at) SELECT CAST(${'seed.completed_at'} AS varchar(150)), CAST(${JSON.stringify(now)} AS text), ${at}
    WHERE EXISTS (SELECT 1 FROM users) ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('name', '=', 'seed.completed_at').execute();
}
