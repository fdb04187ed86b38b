import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Channels and user lists share one table (Part C: "A list additionally shows user, items_count, public"):
 * `type` is 'channel' or 'list'; a user's Watchlist is a list with `internal` set. Items are polymorphic rows of
 * `channelables` (titles, people, episodes, news articles or other channels). `version` bumps on every write that
 * changes what a channel shows, so cached channel contents are keyed by it.
 * `scheduled_tasks` keeps recurring jobs' next run in the database, so a restart neither skips nor doubles a run,
 * and `locked_until` lets one process at a time claim a due task.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('channels')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('channel'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    /** JSON: the Channel entity's config keys (contentType, contentModel, layout, …). */
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('items_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_updated_at', k.timestamp)
    .addColumn('auto_update_error', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channels_type_updated').on('channels').columns(['type', 'updated_at']).execute();
  await db.schema.createIndex('channels_user_type').on('channels').columns(['user_id', 'type']).execute();

  await db.schema.createTable('channelables')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    /** 'title' | 'person' | 'episode' | 'news_article' | 'channel' */
    .addColumn('channelable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('channelable_id', 'integer', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('channelables_unique_item', ['channel_id', 'channelable_type', 'channelable_id'])
    .execute();
  await db.schema.createIndex('channelables_channel_order').on('channelables').columns(['channel_id', 'order', 'id']).execute();
  // "Which lists hold this title" (the title page's Add to list menu) and cleanup when an item is deleted.
  await db.schema.createIndex('channelables_item').on('channelables').columns(['channelable_type', 'channelable_id']).execute();

  await db.schema.createTable('scheduled_tasks')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('next_run_at', k.timestamp, (c) => c.notNull())
    .addColumn('locked_until', k.timestamp)
    .addColumn('last_run_at', k.timestamp)
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_tasks').ifExists().execute();
  await db.schema.dropTable('channelables').ifExists().execute();
  await db.schema.dropTable('channels').ifExists().execute();
}
