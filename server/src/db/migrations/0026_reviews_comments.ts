import { sql, type Kysely } from 'kysely';
import { bumpCounterOnWrite, countRows, type ColumnKit } from './kit.ts';

/**
 * Ratings, reviews, comments and their reports (issue 12). Every list the site and the admin show is served
 * by an index: a title's reviews by helpfulness or date, a thread's top-level comments and a comment's replies
 * by date, and the moderation filters (deleted, reported, user, title, date). Averages and counts are kept in
 * `rating_totals` and the counters on each row, written in the same transaction as the vote, so no page
 * computes them per request.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('ratings')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ratable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('ratable_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('ratings_one_per_user', ['user_id', 'ratable_type', 'ratable_id'])
    .execute();

  await db.schema.createTable('rating_totals')
    .addColumn('ratable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('ratable_id', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rating_totals_pk', ['ratable_type', 'ratable_id'])
    .execute();

  await db.schema.createTable('reviews')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reviewable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('reviewable_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reports_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('reviews_one_per_user', ['user_id', 'reviewable_type', 'reviewable_id'])
    .execute();
  await db.schema.createIndex('reviews_item_helpful').on('reviews').columns(['reviewable_type', 'reviewable_id', 'helpful_count', 'id']).execute();
  await db.schema.createIndex('reviews_item_created').on('reviews').columns(['reviewable_type', 'reviewable_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('reviews_created').on('reviews').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('reviews_reports').on('reviews').columns(['reports_count', 'created_at']).execute();
  await sql`CREATE INDEX reviews_reported_created ON reviews (created_at, id) WHERE reports_count > 0`.execute(db);
  await db.schema.createIndex('reviews_user_created').on('reviews').columns(['user_id', 'created_at']).execute();

  await db.schema.createTable('review_votes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_helpful', 'boolean', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
    .execute();

  await db.schema.createTable('comments')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('commentable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('commentable_id', 'integer', (c) => c.notNull())
    /** The title the commentable belongs to (a title, its episode or video), for the moderation filter. */
    .addColumn('title_id', 'integer')
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reports_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
  // Top-level comments of a thread (parent_id null) and a comment's replies, oldest or newest first. deleted and
  // replies_count make it covering, so a thread's total (live comments and deleted ones with replies) never reads rows.
  await db.schema.createIndex('comments_thread').on('comments')
    .columns(['commentable_type', 'commentable_id', 'parent_id', 'created_at', 'id', 'deleted', 'replies_count']).execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_created').on('comments').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('comments_deleted_created').on('comments').columns(['deleted', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_reports').on('comments').columns(['reports_count', 'created_at']).execute();
  // The "reported" filter, newest first, without sorting every reported row.
  await sql`CREATE INDEX comments_reported_created ON comments (created_at, id) WHERE reports_count > 0`.execute(db);
  await db.schema.createIndex('comments_user_created').on('comments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('comments_title_created').on('comments').columns(['title_id', 'created_at', 'id']).execute();

  await db.schema.createTable('content_reports')
    .addColumn('id', k.id, (c) => k.pk(c))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reportable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('reportable_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('content_reports_once', ['reportable_type', 'reportable_id', 'user_id'])
    .execute();

  // The moderation lists' unfiltered totals are one lookup, and filtered totals are counted once per version.
  await countRows(db, k, 'reviews');
  await countRows(db, k, 'comments');
  await bumpCounterOnWrite(db, k, 'reviews', 'version:reviews', ['insert', 'update', 'delete'], ['score', 'reports_count', 'user_id']);
  await bumpCounterOnWrite(db, k, 'comments', 'version:comments', ['insert', 'update', 'delete'], ['deleted', 'reports_count', 'user_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['content_reports', 'comments', 'review_votes', 'reviews', 'rating_totals', 'ratings']) await db.schema.dropTable(t).ifExists().execute();
}
