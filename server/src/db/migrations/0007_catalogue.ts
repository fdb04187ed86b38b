import { sql, type Kysely } from 'kysely';
import { type ColumnKit } from './kit.ts';

/** Titles, seasons, episodes, people, credits, images, videos with captions, and title tags. */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  const real = k.dialect === 'postgres' ? 'double precision' : 'real';
  const idx = (table: string, cols: string[], unique = false) => {
    const b = db.schema.createIndex(`${table}_${cols.join('_')}_${unique ? 'unique' : 'index'}`).on(table).columns(cols);
    return (unique ? b.unique() : b).execute();
  };

  await db.schema.createTable('titles')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_series', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('original_title', 'varchar(255)')
    .addColumn('poster', 'varchar(500)')
    .addColumn('backdrop', 'varchar(500)')
    .addColumn('release_date', 'varchar(10)')
    .addColumn('year', 'integer')
    .addColumn('tagline', 'varchar(500)')
    .addColumn('description', 'text')
    .addColumn('runtime', 'integer')
    .addColumn('certification', 'varchar(50)')
    .addColumn('budget', 'bigint')
    .addColumn('revenue', 'bigint')
    .addColumn('language', 'varchar(10)')
    .addColumn('popularity', real)
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', real)
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seasons_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('episodes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tmdb_id', 'integer')
    .addColumn('imdb_id', 'varchar(20)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Every list sort and filter has an index, id last so pages are stable.
  for (const col of ['popularity', 'release_date', 'name', 'rating', 'views', 'created_at', 'updated_at', 'runtime', 'budget', 'revenue']) {
    await idx('titles', [col, 'id']);
  }
  await idx('titles', ['is_series', 'popularity', 'id']);
  // Pickers match a name prefix case-insensitively.
  if (k.dialect === 'postgres') await sql`CREATE INDEX titles_lower_name_index ON titles (lower(name) text_pattern_ops)`.execute(db);
  else await db.schema.createIndex('titles_lower_name_index').on('titles').expression(sql`lower(name)`).execute();
  await idx('titles', ['language', 'id']);
  await idx('titles', ['certification', 'id']);
  await idx('titles', ['is_series', 'tmdb_id'], true);

  await db.schema.createTable('seasons')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('poster', 'varchar(500)')
    .addColumn('description', 'text')
    .addColumn('release_date', 'varchar(10)')
    .addColumn('episodes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('seasons', ['title_id', 'number'], true);

  await db.schema.createTable('episodes')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('season_number', 'integer', (c) => c.notNull())
    .addColumn('episode_number', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('poster', 'varchar(500)')
    .addColumn('release_date', 'varchar(10)')
    .addColumn('runtime', 'integer')
    .addColumn('popularity', real)
    .addColumn('rating', real)
    .addColumn('tmdb_id', 'integer')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('episodes', ['title_id', 'season_number', 'episode_number'], true);
  await idx('episodes', ['season_id', 'episode_number']);
  await idx('episodes', ['release_date', 'id']);

  await db.schema.createTable('people')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('known_for', 'varchar(50)')
    .addColumn('poster', 'varchar(500)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('death_date', 'varchar(10)')
    .addColumn('birth_place', 'varchar(255)')
    .addColumn('description', 'text')
    .addColumn('gender', 'varchar(10)')
    .addColumn('popularity', real)
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tmdb_id', 'integer')
    .addColumn('imdb_id', 'varchar(20)')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  for (const col of ['popularity', 'name', 'birth_date', 'created_at', 'updated_at', 'views']) await idx('people', [col, 'id']);
  await idx('people', ['known_for', 'id']);
  await idx('people', ['gender', 'id']);
  await idx('people', ['tmdb_id'], true);

  // A credit ties a person to a title, a season or an episode (polymorphic creditable).
  await db.schema.createTable('creditables')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('creditable_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('creditable_id', 'integer', (c) => c.notNull())
    /** The title the credit belongs to (also for season and episode credits): the person page lists it. */
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('character', 'varchar(255)')
    .addColumn('department', 'varchar(50)', (c) => c.notNull())
    .addColumn('job', 'varchar(100)', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('creditables', ['creditable_type', 'creditable_id', 'order']);
  await idx('creditables', ['person_id', 'title_id']);
  await idx('creditables', ['title_id']);

  await db.schema.createTable('images')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('model_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('backdrop'))
    .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('local'))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('images', ['model_type', 'model_id', 'order']);

  await db.schema.createTable('videos')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('season_num', 'integer')
    .addColumn('episode_num', 'integer')
    .addColumn('thumbnail', 'varchar(500)')
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('src', 'varchar(1000)', (c) => c.notNull())
    .addColumn('quality', 'varchar(20)')
    .addColumn('language', 'varchar(10)')
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('origin', 'varchar(10)', (c) => c.notNull().defaultTo('local'))
    .addColumn('plays_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reports_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('videos', ['title_id', 'season_num', 'episode_num', 'order']);
  for (const col of ['created_at', 'updated_at', 'name', 'plays_count', 'reports_count', 'order', 'type', 'category', 'approved', 'language', 'quality']) {
    await idx('videos', [col, 'id']);
  }

  await db.schema.createTable('video_captions')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)')
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('video_captions', ['video_id', 'order']);

  await db.schema.createTable('title_tags')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)')
    .addColumn('tmdb_id', 'integer')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await idx('title_tags', ['type', 'name'], true);
  await idx('title_tags', ['type', 'updated_at', 'id']);
  await idx('title_tags', ['type', 'display_name', 'id']);
  await idx('title_tags', ['type', 'created_at', 'id']);

  await db.schema.createTable('title_tag')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('title_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('title_tag_pk', ['title_id', 'tag_id'])
    .execute();
  await idx('title_tag', ['tag_id', 'title_id']);

  // Text search goes through a trigram index (FTS5 / pg_trgm), ranked by relevance.
  const fts: [string, string[]][] = [['titles', ['name', 'original_title']], ['people', ['name']], ['episodes', ['name']]];
  if (k.dialect === 'sqlite') {
    for (const [table, cols] of fts) {
      const list = cols.join(', ');
      const news = cols.map((c) => `new.${c}`).join(', ');
      const olds = cols.map((c) => `old.${c}`).join(', ');
      await sql.raw(`CREATE VIRTUAL TABLE ${table}_fts USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.id, ${news}); END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_ad AFTER DELETE ON ${table} BEGIN
        INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.id, ${olds}); END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF ${list} ON ${table} BEGIN
        INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.id, ${olds});
        INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.id, ${news}); END`).execute(db);
    }
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX titles_search_trgm ON titles USING gin ((name || ' ' || coalesce(original_title, '')) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX people_search_trgm ON people USING gin (name gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX episodes_search_trgm ON episodes USING gin (name gin_trgm_ops)`.execute(db);
  }
}
