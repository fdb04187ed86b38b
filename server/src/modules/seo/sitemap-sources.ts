import { episodePath, personPath, seasonPath, titlePath } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { SITEMAP_BATCH as BATCH, keysetBatches as batches, registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';

/** Sitemap sources of the catalogue pages: titles, seasons, episodes and people, each streamed in keyset batches. */

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

async function* titles(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  for await (const t of batches((after) => ctx.db.selectFrom('titles').select(['id', 'name', 'updated_at']).where('id', '>', after).orderBy('id').limit(BATCH).execute())) {
    yield { loc: titlePath(t), lastmod: day(t.updated_at) };
  }
}

async function* seasons(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  for await (const s of batches((after) => ctx.db.selectFrom('seasons').innerJoin('titles', 'titles.id', 'seasons.title_id')
    .select(['seasons.id', 'seasons.number', 'seasons.updated_at', 'titles.id as title_id', 'titles.name'])
    .where('seasons.id', '>', after).orderBy('seasons.id').limit(BATCH).execute())) {
    yield { loc: seasonPath({ id: s.title_id, name: s.name }, s.number), lastmod: day(s.updated_at) };
  }
}

async function* episodes(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  for await (const e of batches((after) => ctx.db.selectFrom('episodes').innerJoin('titles', 'titles.id', 'episodes.title_id')
    .select(['episodes.id', 'episodes.season_number', 'episodes.episode_number', 'episodes.updated_at', 'titles.id as title_id', 'titles.name'])
    .where('episodes.id', '>', after).orderBy('episodes.id').limit(BATCH).execute())) {
    yield { loc: episodePath({ id: e.title_id, name: e.name }, e.season_number, e.episode_number), lastmod: day(e.updated_at) };
  }
}

async function* people(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  for await (const p of batches((after) => ctx.db.selectFrom('people').select(['id', 'name', 'updated_at']).where('id', '>', after).orderBy('id').limit(BATCH).execute())) {
    yield { loc: personPath(p), lastmod: day(p.updated_at) };
  }
}

/** Registers the sources (idempotent: a source is keyed by name). */
export function catalogueSitemapSources(): void {
  registerSitemapSource('titles', titles, 'titles.view');
  registerSitemapSource('seasons', seasons, 'seasons.view');
  registerSitemapSource('episodes', episodes, 'episodes.view');
  registerSitemapSource('people', people, 'people.view');
}
