import { sql, type Kysely } from 'kysely';

/**
 * Distinct visitors over a long range count the visitor-day rows inside it whose previous day is before it
 * (reports/visitors.ts). Scanning a whole year of rows (millions at 10,000,000 page views) for that took most of a
 * year report. A row can only qualify far inside the range when its gap to the previous day is long, so the long gaps
 * get their own small index and the scan of the rest stops LONG_GAP_DAYS into the range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS report_visitor_days_long ON report_visitor_days (day, prev_day) WHERE day - prev_day > 64`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('report_visitor_days_long').execute();
}
