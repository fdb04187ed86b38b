import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * Members rate videos up or down (the videos.rate permission): one vote per member and video, and the counts kept on
 * the video in the vote's transaction, so the videos settings' "Best score" order is a column read.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('video_votes')
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_upvote', 'boolean', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('video_votes_pk', ['video_id', 'user_id'])
    .execute();
  // A member's votes, found when they close their account (their share leaves the counts).
  await db.schema.createIndex('video_votes_user').on('video_votes').column('user_id').execute();
  await db.schema.alterTable('videos').addColumn('upvotes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('videos').addColumn('downvotes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('downvotes').execute();
  await db.schema.alterTable('videos').dropColumn('upvotes').execute();
  await db.schema.dropTable('video_votes').execute();
}
