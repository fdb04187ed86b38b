import { useSearchParams } from 'react-router';
import { X } from 'lucide-react';
import type { TitleTag } from '@app/contracts/titles';
import { BROWSE_PER_PAGE } from '@app/contracts/browse-constants';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { NoAccess, isNoAccess } from '../ui/NoAccess';
import type { PosterCardTitle } from '../ui/PosterCard';
import { PosterGrid, PosterGridSkeleton } from '../ui/PosterGrid';
import { BrowseFilters, useFilterLists } from './BrowseFilters';
import { BrowseHeading } from './BrowseHeading';
import { InfiniteResults } from './InfiniteResults';
import { browseFilters, readBrowseState, writeBrowseState, type BrowseState } from './browse-params';
import { useInfiniteList } from './use-infinite-titles';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

type TaggedTitle = PosterCardTitle & { keywords?: TitleTag[]; tags?: TitleTag[] };

/** The filtered tag's name, read from a title that has it (the list answers each title's tags). */
function tagName(titles: PosterCardTitle[], key: 'keywords' | 'tags', id: string): string | null {
  for (const t of titles as TaggedTitle[]) {
    const hit = t[key]?.find((k) => String(k.id) === id);
    if (hit) return hit.display_name || hit.name;
  }
  return null;
}

/** A filter the page has no control for (opened from a title page): what it is, and a button that removes it. */
function FilterChip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-primary px-3 py-0.5 text-sm">
      {label}
      <button type="button" className="-me-1 rounded-full p-0.5 hover:bg-hover" aria-label={removeLabel} onClick={onRemove}>
        <X size="0.875rem" aria-hidden />
      </button>
    </span>
  );
}

/** `/movies` and `/series`: the catalogue of one type with filters and sorts from the URL, paged by infinite scroll. */
function BrowsePage({ type }: { type: 'movie' | 'series' }) {
  const heading = type === 'movie' ? trans('Movies') : trans('Series');
  useDocumentTitle(heading);
  const [params, setParams] = useSearchParams();
  const state = readBrowseState(params);
  const update = (next: Partial<BrowseState>) => setParams(writeBrowseState({ ...state, ...next }), { replace: true, preventScrollReset: true });
  const query = {
    perPage: BROWSE_PER_PAGE, orderBy: state.sort, orderDir: state.dir, with: ['genres', state.keyword && 'keywords', state.tag && 'tags'].filter(Boolean).join(','), filters: JSON.stringify(browseFilters(type, state)),
  };
  const list = useInfiniteList('titles', query);
  // The genre chips arrive with the option lists: shown before them, the filters and the posters below jumped down by
  // two lines of chips (a layout shift of 0.12 on a slow link). Both calls start now; the page shows once both can.
  const listsSettled = !useFilterLists().isPending;
  const titles = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total;
  const filtered = params.toString() !== '';
  const keyword = state.keyword ? tagName(titles, 'keywords', state.keyword) : null;
  const tag = state.tag ? tagName(titles, 'tags', state.tag) : null;

  if (list.error && isNoAccess(list.error)) return <NoAccess />;
  return (
    <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-8')}>
      <BrowseHeading heading={heading} count={total !== undefined && !list.error ? trans('[one 1 title|other :count titles]', { count: total }) : null}
        onClear={filtered ? () => setParams(new URLSearchParams(), { replace: true }) : undefined}>
        {state.keyword && <FilterChip label={keyword ? trans('Keyword: :name', { name: keyword }) : trans('Keyword')} removeLabel={trans('Remove the keyword filter')} onRemove={() => update({ keyword: '' })} />}
        {state.tag && <FilterChip label={tag ? trans('Tag: :name', { name: tag }) : trans('Tag')} removeLabel={trans('Remove the tag filter')} onRemove={() => update({ tag: '' })} />}
      </BrowseHeading>
      {listsSettled ? (
        <>
          <BrowseFilters state={state} onChange={update} />
          <InfiniteResults list={list} count={titles.length}
            empty={filtered ? trans('No titles match these filters.') : type === 'movie' ? trans('There are no movies here yet.') : trans('There are no series here yet.')}>
            <PosterGrid titles={titles} loading={list.isFetchingNextPage ? 6 : 0} label={heading} />
          </InfiniteResults>
        </>
      ) : (
        // As tall as what comes (the filters, a first page of posters): a reload's scroll position is restored onto it.
        <div className="flex flex-col gap-6" aria-busy="true">
          <div className="skeleton h-10 w-24 rounded-md md:h-48 md:w-full md:rounded-lg" />
          <PosterGridSkeleton count={12} />
        </div>
      )}
    </div>
  );
}

export function MoviesPage() { return <BrowsePage type="movie" />; }
export function SeriesPage() { return <BrowsePage type="series" />; }
