import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/** Provider accounts linked to users for social login. No access token is kept: sign-in needs only the profile. */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('social_profiles')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_service_id', 'varchar(191)', (c) => c.notNull())
    .addColumn('username', 'varchar(191)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // One provider account belongs to one user, and a user links one account per provider.
  await db.schema.createIndex('social_profiles_service_id_unique').on('social_profiles').columns(['service_name', 'user_service_id']).unique().execute();
  await db.schema.createIndex('social_profiles_user_service_unique').on('social_profiles').columns(['user_id', 'service_name']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('social_profiles').execute();
}
