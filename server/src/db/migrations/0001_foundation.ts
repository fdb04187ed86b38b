import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('users')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)')
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('available_space', 'bigint')
    .addColumn('email_verified_at', k.timestamp)
    .addColumn('banned_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Every list sort and filter has an index; id breaks ties so pages are stable.
  for (const col of ['created_at', 'updated_at', 'first_name', 'last_name', 'email_verified_at', 'banned_at']) {
    await db.schema.createIndex(`users_${col}_index`).on('users').columns([col, 'id']).execute();
  }

  await db.schema.createTable('bans')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ban_until', k.timestamp)
    .addColumn('comment', 'varchar(250)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bans_user_id_index').on('bans').column('user_id').execute();

  await db.schema.createTable('roles')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('sitewide'))
    .addColumn('default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('guests', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('permission_grants')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('model_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('restrictions', 'text')
    .execute();
  await db.schema.createIndex('permission_grants_model_unique').on('permission_grants').columns(['model_type', 'model_id', 'name']).unique().execute();

  await db.schema.createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_id_index').on('user_role').columns(['role_id', 'user_id']).execute();

  await db.schema.createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('last_active_at', k.timestamp, (c) => c.notNull())
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

  await db.schema.createTable('access_tokens')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last_used_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('user_tokens')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('settings')
    .addColumn('name', 'varchar(150)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('subscriptions')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer')
    .addColumn('price_id', 'integer')
    .addColumn('gateway_name', 'varchar(30)', (c) => c.notNull().defaultTo('none'))
    .addColumn('gateway_id', 'varchar(100)')
    .addColumn('description', 'text')
    .addColumn('renews_at', k.timestamp)
    .addColumn('ends_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_id_index').on('subscriptions').columns(['user_id', 'ends_at']).execute();

  await db.schema.createTable('csv_exports')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource', 'varchar(50)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)')
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('counters')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // Users search goes through a trigram index, never a LIKE scan over the table.
  if (k.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE users_fts USING fts5(email, first_name, last_name, content='users', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`CREATE TRIGGER users_fts_ai AFTER INSERT ON users BEGIN
      INSERT INTO users_fts(rowid, email, first_name, last_name) VALUES (new.id, new.email, new.first_name, new.last_name); END`.execute(db);
    await sql`CREATE TRIGGER users_fts_ad AFTER DELETE ON users BEGIN
      INSERT INTO users_fts(users_fts, rowid, email, first_name, last_name) VALUES ('delete', old.id, old.email, old.first_name, old.last_name); END`.execute(db);
    await sql`CREATE TRIGGER users_fts_au AFTER UPDATE OF email, first_name, last_name ON users BEGIN
      INSERT INTO users_fts(users_fts, rowid, email, first_name, last_name) VALUES ('delete', old.id, old.email, old.first_name, old.last_name);
      INSERT INTO users_fts(rowid, email, first_name, last_name) VALUES (new.id, new.email, new.first_name, new.last_name); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX users_search_trgm ON users USING gin ((email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`.execute(db);
  }
}
