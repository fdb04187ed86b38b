import { sql } from 'kysely';
import type { Episode, FilterItem, Pagination, Season, Title } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { filters, paginate, parseListQuery, type FilterHandler, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { readCounter } from '../../db/versions.ts';
import { searchJoin } from './search.ts';
import { browseFilters } from './browse-filters.ts';
import { EPISODE_COLUMNS, PUBLIC_TITLE_COLUMNS, SEASON_COLUMNS, TITLE_COLUMNS, attachTags, toTitle } from './repository.ts';

/** Tag ids from a number, a "1,2" string or a number list. */
function tagIds(f: FilterItem): number[] {
  const raw = typeof f.value === 'number' ? [f.value] : typeof f.value === 'string' ? f.value.split(',') : [];
  const ids = raw.map(Number);
  if (!ids.length || ids.length > 20 || ids.some((n) => !Number.isInteger(n) || n < 1)) throw invalidFilter(f.key);
  return ids;
}

/** Release dates are YYYY-MM-DD; compare on the date part of the filter's bounds. */
const dayRange = (column: string): FilterHandler => (qb, f) => {
  const day = (v: unknown) => {
    const d = typeof v === 'string' ? new Date(v) : null;
    if (!d || Number.isNaN(d.getTime())) throw invalidFilter(f.key);
    return d.toISOString().slice(0, 10);
  };
  if (f.value && typeof f.value === 'object') return qb.where(column, '>=', day(f.value.start)).where(column, '<=', day(f.value.end));
  const op = (['>', '>=', '<', '<=', '='] as const).find((o) => o === f.operator);
  if (!op) throw invalidFilter(f.key);
  return qb.where(column, op, day(f.value));
};

const equals = (column: string, max = 50): FilterHandler => (qb, f) => {
  if (typeof f.value !== 'string' || !f.value || f.value.length > max) throw invalidFilter(f.key);
  return qb.where(column, '=', f.value);
};

export function titlesListDefinition(ctx: AppContext, query: string | undefined): ListDefinition {
  // EXISTS lets the database walk the sort index and probe the pivot's primary key per row, so a page of a
  // popular genre sorted by popularity reads a few dozen rows instead of sorting every title in the genre.
  const tagFilter: FilterHandler = (qb, f) => {
    const ids = tagIds(f);
    return qb.where((eb) => eb.exists(eb.selectFrom('title_tag').select(sql`1`.as('x'))
      .whereRef('title_tag.title_id', '=', 'titles.id').where('title_tag.tag_id', 'in', ids)));
  };
  const searching = Boolean(query?.trim());
  return {
    sorts: {
      popularity: 'titles.popularity', release_date: 'titles.release_date', name: 'titles.name', rating: 'titles.rating', views: 'titles.views',
      created_at: 'titles.created_at', updated_at: 'titles.updated_at', runtime: 'titles.runtime', budget: 'titles.budget', revenue: 'titles.revenue',
      id: 'titles.id', ...(searching ? { relevance: 's.search_rank' } : {}),
    },
    // A search answers the best matches first unless the caller sorts.
    defaultSort: searching ? ['relevance', 'desc'] : ['created_at', 'desc'],
    tieBreaker: 'titles.id',
    filters: {
      type: (qb, f) => {
        if (f.value !== 'movie' && f.value !== 'series') throw invalidFilter(f.key);
        return qb.where('titles.is_series', '=', f.value === 'series');
      },
      genres: tagFilter,
      keywords: tagFilter,
      countries: tagFilter,
      tags: tagFilter,
      release_date: dayRange('titles.release_date'),
      created_at: filters.date('titles.created_at'),
      updated_at: filters.date('titles.updated_at'),
      language: equals('titles.language', 10),
      certification: equals('titles.certification'),
      ...Object.fromEntries(browseFilters),
    },
    search: (qb, q) => searchJoin(ctx, 'titles', qb, q),
    // One tag filter alone: count the pivot's (tag_id, title_id) index instead of probing every title.
    narrowedTotal: (items, q) => {
      if (q?.trim() || items.length !== 1 || !['genres', 'keywords', 'countries', 'tags'].includes(items[0].key)) return undefined;
      const ids = tagIds(items[0]);
      return ctx.db.selectFrom('title_tag').select(sql<number>`count(distinct title_id)`.as('n')).where('tag_id', 'in', ids)
        .executeTakeFirst().then((r) => Number(r?.n ?? 0));
    },
    // Kept by triggers (migration 0020): no count(*) over the whole table.
    unfilteredTotal: () => readCounter(ctx.db, 'rows:titles'),
    // Filtered totals are counted once per catalogue change (migration 0021) and filter set, not per page view.
    countVersion: { db: ctx.db, counter: 'version:titles' },
    deepPages: true,
  };
}

/** `GET titles`: editors see every column; the public site (browse pages, landing rows) only the public ones. */
export async function listTitles(ctx: AppContext, query: Record<string, unknown>, editor: boolean): Promise<Pagination<Title>> {
  const q = parseListQuery(query);
  const columns = editor ? TITLE_COLUMNS : PUBLIC_TITLE_COLUMNS;
  const page = await paginate(ctx.db.selectFrom('titles').select(columns), query, titlesListDefinition(ctx, q.query), toTitle);
  const withs = (q.with ?? '').split(',');
  return withs.some((w) => ['genres', 'keywords', 'production_countries', 'tags'].includes(w)) ? { ...page, data: await attachTags(ctx.db, page.data) } : page;
}

/** A title's seasons by number. */
export function listSeasons(ctx: AppContext, titleId: number, query: Record<string, unknown>): Promise<Pagination<Season>> {
  return paginate<Season>(ctx.db.selectFrom('seasons').select(SEASON_COLUMNS).where('title_id', '=', titleId), query, {
    sorts: { number: 'seasons.number', release_date: 'seasons.release_date' }, defaultSort: ['number', 'asc'], tieBreaker: 'seasons.id', filters: {},
  });
}

/** A season's episodes, searchable by name. */
export function listEpisodes(ctx: AppContext, seasonId: number, query: Record<string, unknown>): Promise<Pagination<Episode>> {
  return paginate<Episode>(ctx.db.selectFrom('episodes').select(EPISODE_COLUMNS).where('season_id', '=', seasonId), query, {
    sorts: { episode_number: 'episodes.episode_number', release_date: 'episodes.release_date', name: 'episodes.name' },
    defaultSort: ['episode_number', 'asc'], tieBreaker: 'episodes.id', filters: {},
    search: (qb, q) => searchJoin(ctx, 'episodes', qb, q),
  });
}
