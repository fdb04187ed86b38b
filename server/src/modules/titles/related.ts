import type { RelatedTitle, Title } from '@app/contracts';
import { sql } from 'kysely';
import { toBool, type Db } from '../../db/index.ts';

const RELATED_LIMIT = 12;
/** A common genre holds tens of thousands of titles: each tag offers at most this many candidates. */
const RELATED_CANDIDATES_PER_TAG = 100;

/** Titles sharing the most genres and keywords with this one (keywords weigh double), then the more popular. */
export async function relatedTitles(db: Db, title: Title): Promise<RelatedTitle[]> {
  const tags = [...(title.keywords ?? []).map((t) => ({ id: t.id, weight: 2 })), ...(title.genres ?? []).map((t) => ({ id: t.id, weight: 1 }))].slice(0, 12);
  if (!tags.length) return [];
  // Every tag's candidates in one statement (each tag bounded on its own), not one round trip per tag.
  const perTag = tags.map((tag, i) => sql`SELECT title_id, ${sql.lit(tag.weight)} AS weight FROM (SELECT title_id FROM title_tag
    WHERE tag_id = ${tag.id} AND title_id <> ${title.id} LIMIT ${sql.lit(RELATED_CANDIDATES_PER_TAG)}) AS ${sql.raw(`c${i}`)}`);
  const candidates = (await sql<{ title_id: number; weight: number }>`${sql.join(perTag, sql` UNION ALL `)}`.execute(db)).rows;
  const score = new Map<number, number>();
  for (const r of candidates) score.set(Number(r.title_id), (score.get(Number(r.title_id)) ?? 0) + Number(r.weight));
  const best = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, RELATED_LIMIT * 4).map(([id]) => id);
  if (!best.length) return [];
  const rows = await db.selectFrom('titles').select(['id', 'name', 'poster', 'year', 'rating', 'is_series', 'popularity']).where('id', 'in', best).execute();
  return rows
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || (b.popularity ?? 0) - (a.popularity ?? 0) || a.id - b.id)
    .slice(0, RELATED_LIMIT)
    .map(({ popularity: _p, ...r }) => ({ ...r, is_series: toBool(r.is_series) }));
}
