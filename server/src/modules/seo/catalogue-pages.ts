import {
  episodePageParamsSchema, episodePath, personPageParamsSchema, personPath, seasonPageParamsSchema, seasonPath, titlePageParamsSchema, titlePath, translate,
  type EpisodePageData, type PersonPageData, type PublicVideo, type SeasonPageData, type Title, type TitlePageData,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { loadPersonPage } from '../people/page.ts';
import { loadEpisodePage, loadSeasonPage, loadTitlePage } from '../titles/page.ts';
import { absoluteUrl as abs, callerOf, load, paramsOr404, whereOf } from './page-loading.ts';
import { registerSeoPage, registerSeoTemplate, type SeoMatch, type SeoVars } from './registry.ts';
import { seoTags } from './templates.ts';
import { setPageImage } from './page-state.ts';
import { linesOf } from '../localizations/service.ts';

/**
 * SEO tags, schema.org ld+json and embedded first data of the catalogue pages (title, season, episode, person).
 * Each page loads through the same loader as its API page call, as the visitor asking, so the HTML shows
 * exactly what the call would answer; an unknown or malformed id answers 404, a missing permission 403.
 * Each page's canonical URL is its path with the current slug, whichever slug (or none) the visitor came by.
 */

const clip = (s: string | null | undefined, n = 300) => (s ? (s.length > n ? `${s.slice(0, n - 1)}…` : s) : '');
const isoDuration = (minutes: number | null | undefined) => (minutes ? `PT${minutes}M` : undefined);

function videoObjects(base: string, videos: PublicVideo[]) {
  return videos.slice(0, 10).map((v) => ({
    '@type': 'VideoObject', name: v.name, thumbnailUrl: v.thumbnail ? abs(base, v.thumbnail) : undefined,
    uploadDate: v.created_at, embedUrl: `${base}/watch/${v.id}`,
  }));
}
const people = (list: { name: string }[]) => list.slice(0, 10).map((p) => ({ '@type': 'Person', name: p.name }));

function titleLd(base: string, url: string, d: TitlePageData) {
  const t = d.title;
  return {
    '@context': 'https://schema.org', '@type': t.is_series ? 'TVSeries' : 'Movie', name: t.name, url,
    description: clip(t.description) || undefined, image: abs(base, t.poster), datePublished: t.release_date ?? undefined,
    duration: t.is_series ? undefined : isoDuration(t.runtime), contentRating: t.certification ?? undefined,
    genre: (t.genres ?? []).map((g) => g.display_name || g.name),
    aggregateRating: t.rating && t.vote_count ? { '@type': 'AggregateRating', ratingValue: t.rating, bestRating: 10, ratingCount: t.vote_count } : undefined,
    actor: people(d.cast), director: people(d.crew.filter((c) => c.pivot.department === 'Directing')),
    numberOfSeasons: t.is_series ? t.seasons_count : undefined,
    video: videoObjects(base, d.videos),
  };
}
const seriesRef = (base: string, t: Title) => ({ '@type': 'TVSeries', name: t.name, url: `${base}${encodeURI(titlePath(t))}` });

const titleVars = (base: string, t: Title) => ({
  name: t.name, description: clip(t.description), image: abs(base, t.backdrop || t.poster) ?? '', og_type: t.is_series ? 'video.tv_show' : 'video.movie',
});

/** The site's base URL and the page's canonical URL (a slug in another script percent-encoded, as browsers send it). */
async function canonical(ctx: AppContext, m: SeoMatch, path: string) {
  const { base } = await whereOf(ctx, m);
  return { base, url: `${base}${encodeURI(path)}` };
}

async function resolveTitle(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const id = paramsOr404(m, titlePageParamsSchema, 'Title')?.id;
  if (!id) return null;
  const d = await load(m.req, `titles/${id}/page`, async () => loadTitlePage(ctx, await callerOf(ctx, m.req), id));
  if (!d) return null;
  setPageImage(m.req, d.title.backdrop || d.title.poster, { slot: d.title.backdrop ? 'wide' : 'poster' });
  const { base, url } = await canonical(ctx, m, titlePath(d.title));
  return { url, title: titleVars(base, d.title), ld: titleLd(base, url, d) };
}

async function resolveSeason(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const p = paramsOr404(m, seasonPageParamsSchema, 'Season');
  if (!p) return null;
  const d: SeasonPageData | null = await load(m.req, `titles/${p.id}/seasons/${p.season}/page`, async () => loadSeasonPage(ctx, await callerOf(ctx, m.req), p.id, p.season));
  if (!d) return null;
  const { base, url } = await canonical(ctx, m, seasonPath(d.title, d.season.number));
  const ld = {
    '@context': 'https://schema.org', '@type': 'TVSeason', name: d.season.name || `Season ${d.season.number}`, seasonNumber: d.season.number, url,
    description: clip(d.season.description || d.title.description) || undefined, image: abs(base, d.season.poster || d.title.poster),
    datePublished: d.season.release_date ?? undefined, numberOfEpisodes: d.season.episodes_count, partOfSeries: seriesRef(base, d.title),
    actor: people(d.cast), video: videoObjects(base, d.videos),
  };
  return {
    url,
    title: titleVars(base, d.title),
    season: { number: d.season.number, heading: translate(await linesOf(ctx, m.language), 'Season :number', { number: d.season.number }), description: clip(d.season.description || d.title.description), image: abs(base, d.season.poster || d.title.poster) ?? '' },
    ld,
  };
}

async function resolveEpisode(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const p = paramsOr404(m, episodePageParamsSchema, 'Episode');
  if (!p) return null;
  const d: EpisodePageData | null = await load(m.req, `titles/${p.id}/seasons/${p.season}/episodes/${p.episode}/page`,
    async () => loadEpisodePage(ctx, await callerOf(ctx, m.req), p.id, p.season, p.episode));
  if (!d) return null;
  const { base, url } = await canonical(ctx, m, episodePath(d.title, d.season.number, d.episode.episode_number));
  const e = d.episode;
  const ld = {
    '@context': 'https://schema.org', '@type': 'TVEpisode', name: e.name, episodeNumber: e.episode_number, url,
    description: clip(e.description) || undefined, image: abs(base, e.poster || d.title.backdrop), datePublished: e.release_date ?? undefined,
    duration: isoDuration(e.runtime),
    partOfSeason: { '@type': 'TVSeason', seasonNumber: d.season.number, url: `${base}${encodeURI(seasonPath(d.title, d.season.number))}` },
    partOfSeries: seriesRef(base, d.title), actor: people(d.cast), video: videoObjects(base, d.videos),
  };
  return {
    url,
    title: titleVars(base, d.title),
    season: { number: d.season.number },
    episode: { name: e.name, description: clip(e.description || d.title.description), image: abs(base, e.poster || d.title.backdrop || d.title.poster) ?? '' },
    ld,
  };
}

async function resolvePerson(ctx: AppContext, m: SeoMatch): Promise<SeoVars | null> {
  const id = paramsOr404(m, personPageParamsSchema, 'Person')?.id;
  if (!id) return null;
  const d: PersonPageData | null = await load(m.req, `people/${id}/page`, async () => loadPersonPage(ctx, await callerOf(ctx, m.req), id));
  if (!d) return null;
  setPageImage(m.req, d.person.poster, { slot: 'poster' });
  const { base, url } = await canonical(ctx, m, personPath(d.person));
  const p = d.person;
  const ld = {
    '@context': 'https://schema.org', '@type': 'Person', name: p.name, url, description: clip(p.description) || undefined,
    image: abs(base, p.poster), birthDate: p.birth_date ?? undefined, deathDate: p.death_date ?? undefined, birthPlace: p.birth_place ?? undefined,
    jobTitle: p.known_for ?? undefined,
  };
  return { url, person: { name: p.name, description: clip(p.description), image: abs(base, p.poster) ?? '' }, ld };
}

const common = (title: string, description: string, image: string, type: string) => `${seoTags(title, description, image, type)}
<script type="application/ld+json">{{json ld}}</script>`;

// Full schema.org documents built from the page data; operators can still replace any of these in the SEO settings.
registerSeoTemplate('title', common('{{title.name}} - {{site_name}}', '{{title.description}}', '{{title.image}}', '{{title.og_type}}'));
registerSeoTemplate('season', common('{{title.name}}: {{season.heading}} - {{site_name}}', '{{season.description}}', '{{season.image}}', 'video.tv_show'));
registerSeoTemplate('episode', common('{{episode.name}} - {{title.name}} - {{site_name}}', '{{episode.description}}', '{{episode.image}}', 'video.episode'));
registerSeoTemplate('person', common('{{person.name}} - {{site_name}}', '{{person.description}}', '{{person.image}}', 'profile'));

// Most specific first: the first registered pattern that matches wins.
for (const prefix of ['/titles/:id/:slug', '/titles/:id']) {
  registerSeoPage({ key: 'episode', pattern: `${prefix}/season/:season/episode/:episode`, resolve: resolveEpisode });
  registerSeoPage({ key: 'season', pattern: `${prefix}/season/:season`, resolve: resolveSeason });
}
registerSeoPage({ key: 'title', pattern: '/titles/:id/:slug', resolve: resolveTitle });
registerSeoPage({ key: 'title', pattern: '/titles/:id', resolve: resolveTitle });
registerSeoPage({ key: 'person', pattern: '/people/:id/:slug', resolve: resolvePerson });
registerSeoPage({ key: 'person', pattern: '/people/:id', resolve: resolvePerson });
