import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SearchEpisodeHit, SearchPersonHit, SearchTitleHit } from '@app/contracts/browse';
import { SEARCH_QUERY_MAX } from '@app/contracts/search-limits';
import { useDocumentTitle } from '../../admin/PageTitle';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { departmentLabel } from '../people/departments';
import { buttonClass } from '../../ui/Button';
import { InfiniteSentinel } from '../browse/InfiniteSentinel';
import { useInfiniteList } from '../browse/use-infinite-titles';
import { AdSlot } from '../ads/AdSlot';
import { NoAccess, isNoAccess } from '../ui/NoAccess';
import { PosterGrid, PosterGridSkeleton } from '../ui/PosterGrid';
import type { PosterCardTitle } from '../ui/PosterCard';
import { PortraitGrid } from '../ui/PortraitCard';
import { episodeUrl, searchPersonUrl, searchTitleUrl } from '../ui/urls';
import { useSearch, useSearchPages } from './use-search';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

const GROUP_SIZE = 12;

/** A title hit as a poster card: one from the movie database (no id yet) links to the page that imports it. */
const asCard = (t: SearchTitleHit): PosterCardTitle => (t.id !== null ? { ...t, id: t.id } : { ...t, id: 0, href: searchTitleUrl(t) });

/**
 * One group of results. `count` is how many there are in all, or (`partial`) how many are shown of more: said in words,
 * so a screen reader does not hear a bare number.
 */
function Group({ title, count, partial, moreUrl, children }: { title: string; count: number; partial?: boolean; moreUrl?: string; children: ReactNode }) {
  const id = `search-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline gap-3">
        <h2 id={id} className="text-xl font-bold">{title}</h2>
        <span className="text-sm text-text-muted">{partial ? trans(':count shown', { count }) : trans('[one 1 result|other :count results]', { count })}</span>
        {moreUrl && <Link to={moreUrl} className="ms-auto text-sm text-primary hover:underline">{trans('See all')}</Link>}
      </div>
      {children}
    </section>
  );
}

/** Episode hits: a still, the episode's name, its series and number. */
function EpisodeList({ episodes }: { episodes: SearchEpisodeHit[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {episodes.map((e) => (
        <li key={e.id}>
          <Link to={episodeUrl({ id: e.title_id, name: e.title_name }, e.season_number, e.episode_number)} className="flex gap-3 rounded-md border border-border p-2 hover:bg-hover">
            <span className="aspect-video w-32 shrink-0 overflow-hidden rounded bg-bg-alt">{e.poster && <img {...responsiveImage(e.poster, 'thumb')} alt="" className="h-full w-full object-cover" loading="lazy" />}</span>
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{e.name}</span>
              <span className="text-sm text-text-muted">{e.title_name} · {trans('Season :season, episode :episode', { season: e.season_number, episode: e.episode_number })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every episode hit ("See all"), paged through the grouped search itself (episodes have no list of their own). */
function AllEpisodes({ query }: { query: string }) {
  const list = useSearchPages(query, 20);
  const pages = list.data?.pages ?? [];
  // The engine ranks each page anew: an episode already shown is not listed twice.
  const seen = new Set<number>();
  const rows = pages.flatMap((p) => p.results.episodes ?? []).filter((e) => !seen.has(e.id) && Boolean(seen.add(e.id)));
  if (list.error && isNoAccess(list.error)) return <NoAccess />;
  return (
    <Group title={trans('Episodes')} count={rows.length} partial={Boolean(list.hasNextPage)}>
      <Link to={`/search?query=${encodeURIComponent(query)}`} className="text-sm text-primary hover:underline">{trans('Back to all results')}</Link>
      {list.isPending ? <PosterGridSkeleton /> : rows.length === 0 ? <p className="text-text-muted">{trans('No results for ":query"', { query })}</p> : <EpisodeList episodes={rows} />}
      <InfiniteSentinel hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </Group>
  );
}

/** People hits as the people page shows them: a portrait, or a placeholder for someone without a photo. */
function PeopleGrid({ people }: { people: SearchPersonHit[] }) {
  return <PortraitGrid people={people.map((p) => ({ key: p.id ?? `tmdb${p.tmdb_id}`, href: searchPersonUrl(p), name: p.name, subtitle: departmentLabel(p.known_for), image: p.poster }))} />;
}

/** Every result of one group ("See all"), paged through the titles or people list's own search. */
function AllOfType({ type, query }: { type: 'titles' | 'people'; query: string }) {
  const list = useInfiniteList<any>(type, { query, perPage: 24, ...(type === 'titles' ? { with: 'genres' } : {}) });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.error && isNoAccess(list.error)) return <NoAccess />;
  return (
    <Group title={type === 'titles' ? trans('Titles') : trans('People')} count={list.data?.pages[0]?.total ?? 0}>
      <Link to={`/search?query=${encodeURIComponent(query)}`} className="text-sm text-primary hover:underline">{trans('Back to all results')}</Link>
      {list.isPending ? <PosterGridSkeleton /> : rows.length === 0 ? <p className="text-text-muted">{trans('No results for ":query"', { query })}</p>
        : type === 'titles' ? <PosterGrid titles={rows} loading={list.isFetchingNextPage ? 6 : 0} /> : <PeopleGrid people={rows} />}
      <InfiniteSentinel hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </Group>
  );
}

/** `/search?query=`: titles, people and episodes matching the query, each group with "See all". */
export function Component() {
  const [params, setParams] = useSearchParams();
  // An address typed or pasted with a longer text searches its first SEARCH_QUERY_MAX characters, as the box would.
  const query = (params.get('query') ?? '').trim().slice(0, SEARCH_QUERY_MAX).trim();
  const type = params.get('type');
  useDocumentTitle(query ? trans('Search results for ":query"', { query }) : trans('Search'));
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const allOf = type === 'titles' || type === 'people' || type === 'episodes';
  const { data, error, isPending } = useSearch(query, GROUP_SIZE, query.length > 0 && !allOf);

  let body: ReactNode;
  if (!query) body = <p className="py-10 text-center text-text-muted">{trans('Type a title, a person or an episode to search for.')}</p>;
  else if (type === 'titles' || type === 'people') body = <AllOfType type={type} query={query} />;
  else if (type === 'episodes') body = <AllEpisodes query={query} />;
  else if (error && isNoAccess(error)) return <NoAccess />;
  else if (error) body = <p role="alert" className="text-sm">{error instanceof ApiError ? error.message : trans('There was an issue. Please try again.')}</p>;
  else if (isPending || !data) body = <PosterGridSkeleton count={12} />;
  else {
    const { titles, people, episodes } = data.results;
    const none = !titles?.length && !people?.length && !episodes?.length;
    const more = (t: string) => `/search?query=${encodeURIComponent(query)}&type=${t}`;
    // Whether a group has more than it shows: the server says so (a server before it did answers a full group).
    const hasMore = (group: 'titles' | 'people' | 'episodes', shown: number) => data.more?.[group] ?? shown >= GROUP_SIZE;
    const group = (name: 'titles' | 'people' | 'episodes', title: string, shown: number, children: ReactNode) => (
      <Group title={title} count={shown} partial={hasMore(name, shown)} moreUrl={hasMore(name, shown) ? more(name) : undefined}>{children}</Group>
    );
    body = none ? <p className="py-10 text-center text-text-muted">{trans('No results for ":query"', { query })}</p> : (
      <>
        {titles && titles.length > 0 && group('titles', trans('Titles'), titles.length, <PosterGrid titles={titles.map(asCard)} />)}
        {people && people.length > 0 && group('people', trans('People'), people.length, <PeopleGrid people={people} />)}
        {episodes && episodes.length > 0 && group('episodes', trans('Episodes'), episodes.length, <EpisodeList episodes={episodes} />)}
      </>
    );
  }

  return (
    <>
      <AdSlot slot="search_top" />
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-8 py-8')}>
        <form role="search" className="flex gap-2" onSubmit={(e) => { e.preventDefault(); if (text.trim()) setParams({ query: text.trim() }); }}>
          <label htmlFor="search-page-query" className="sr-only">{trans('Search')}</label>
          {/* Opened without a query (the header's search button on a phone), the page is there to type into. */}
          <input id="search-page-query" autoFocus={!query} data-route-focus={query ? undefined : ''} type="search" maxLength={SEARCH_QUERY_MAX} value={text} onChange={(e) => setText(e.target.value)} placeholder={trans('Search movies, series and people')}
            className="h-11 min-w-0 flex-1 rounded-md border border-border bg-bg-alt px-4 focus:border-primary" />
          <button type="submit" className={buttonClass('primary', 'md', 'h-11')}>{trans('Search')}</button>
        </form>
        {query && <h1 className="text-2xl font-bold">{trans('Search results for ":query"', { query })}</h1>}
        {body}
      </div>
    </>
  );
}
