import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

/** A trigram index over `columns` of `table`: FTS5 (kept in sync by triggers) on SQLite, pg_trgm on PostgreSQL. */
export async function trigramIndex(db: Kysely<any>, k: ColumnKit, table: string, columns: string[]): Promise<void> {
  if (k.dialect === 'sqlite') {
    const cols = columns.join(', ');
    const news = columns.map((c) => `new.${c}`).join(', ');
    const olds = columns.map((c) => `old.${c}`).join(', ');
    const fts = `${table}_fts`;
    await sql.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${news}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${olds}); END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${cols} ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${olds});
      INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${news}); END`).execute(db);
    // Rows that exist already (roles seeded before this migration) go into the index too.
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    const expr = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
    await sql.raw(`CREATE INDEX ${table}_search_trgm ON ${table} USING gin ((${expr}) gin_trgm_ops)`).execute(db);
  }
}

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  // The generic tag entity (Part B): a name unique within its type, a display name and a type.
  await db.schema.createTable('tags')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull().defaultTo('custom'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_name_type_unique').on('tags').columns(['name', 'type']).unique().execute();
  // Every list sort and filter has an index; id breaks ties so pages are stable.
  for (const col of ['type', 'display_name', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`tags_${col}_index`).on('tags').columns([col, 'id']).execute();
  }
  await trigramIndex(db, k, 'tags', ['name', 'display_name']);

  // The roles list (filters, sorts and search) gets the same treatment; roles.name is already unique.
  for (const col of ['type', 'created_at', 'updated_at']) {
    await db.schema.createIndex(`roles_${col}_index`).on('roles').columns([col, 'id']).execute();
  }
  await trigramIndex(db, k, 'roles', ['name', 'description']);
}
