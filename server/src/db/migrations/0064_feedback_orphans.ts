import { sql, type Kysely } from 'kysely';

/** What comments, reviews and ratings can be about, and the table that holds it. */
const TARGETS: [type: string, table: string][] = [['title', 'titles'], ['episode', 'episodes'], ['video', 'videos'], ['news_article', 'news_articles']];

/**
 * Deleting a title, episode, video or article left what visitors wrote about it: members' profiles listed reviews of a
 * "Deleted title", and the moderation tables rows nobody could open (reviews/feedback.ts now deletes them with it).
 * Those rows go, with the reports on them; review votes and replies follow their rows by foreign key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const missing = (column: string, typeColumn: string) => sql.join(TARGETS.map(([type, table]) =>
    sql`(${sql.ref(typeColumn)} = ${type} AND NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id = ${sql.ref(column)}))`), sql` OR `);
  const orphanComments = sql`SELECT id FROM comments WHERE ${missing('comments.commentable_id', 'comments.commentable_type')}`;
  const orphanReviews = sql`SELECT id FROM reviews WHERE ${missing('reviews.reviewable_id', 'reviews.reviewable_type')}`;
  await sql`DELETE FROM content_reports WHERE reportable_type = 'comment' AND reportable_id IN (${orphanComments})`.execute(db);
  await sql`DELETE FROM content_reports WHERE reportable_type = 'review' AND reportable_id IN (${orphanReviews})`.execute(db);
  await sql`DELETE FROM review_votes WHERE review_id IN (${orphanReviews})`.execute(db);
  await sql`DELETE FROM comments WHERE ${missing('comments.commentable_id', 'comments.commentable_type')}`.execute(db);
  await sql`DELETE FROM reviews WHERE ${missing('reviews.reviewable_id', 'reviews.reviewable_type')}`.execute(db);
  await sql`DELETE FROM ratings WHERE ${missing('ratings.ratable_id', 'ratings.ratable_type')}`.execute(db);
  await sql`DELETE FROM rating_totals WHERE ${missing('rating_totals.ratable_id', 'rating_totals.ratable_type')}`.execute(db);
}

export async function down(): Promise<void> {
  // The deleted rows were about nothing that exists: there is nothing to put back.
}
