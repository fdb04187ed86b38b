import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '@app/contracts/search-limits';
import { trans } from '../../lib/i18n';
import { departmentLabel } from '../people/departments';
import { cn } from '../../ui/cn';
import { RatingBadge } from '../ui/RatingBadge';
import { episodeUrl, searchPersonUrl, searchTitleUrl } from '../ui/urls';
import { useSearch } from './use-search';
import { responsiveImage } from '@app/contracts/image-sizes';

interface Option { key: string; url: string; label: string; detail: string; image?: string | null; rating?: number | null; group: string }

const DEBOUNCE_MS = 200;
const HITS = 4;

/** Waits until typing pauses, so each keystroke does not send a request. */
function useDebounced(value: string, ms: number) {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return out;
}

/**
 * The header's search box: a combobox (ARIA 1.2 pattern) listing the top titles, people and episodes as the
 * visitor types. Arrows move through the options, Enter opens one (or the full results page), Escape closes.
 */
export function InstantSearch({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState(() => (location.pathname === '/search' ? new URLSearchParams(location.search).get('query') ?? '' : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text, DEBOUNCE_MS).trim();
  const { data, isFetching, isError } = useSearch(query, HITS, open);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const options = useMemo<Option[]>(() => {
    if (!data || !query) return [];
    const r = data.results;
    return [
      ...(r.titles ?? []).map((t) => ({ key: `t${t.id ?? `tmdb${t.tmdb_id}`}`, url: searchTitleUrl(t), label: t.name, detail: [t.year, t.is_series ? trans('Series') : trans('Movie')].filter(Boolean).join(' · '), image: t.poster, rating: t.rating, group: trans('Titles') })),
      ...(r.people ?? []).map((p) => ({ key: `p${p.id ?? `tmdb${p.tmdb_id}`}`, url: searchPersonUrl(p), label: p.name, detail: departmentLabel(p.known_for), image: p.poster, group: trans('People') })),
      ...(r.episodes ?? []).slice(0, 2).map((e) => ({
        key: `e${e.id}`, url: episodeUrl({ id: e.title_id, name: e.title_name }, e.season_number, e.episode_number), label: e.name,
        detail: `${e.title_name} · S${e.season_number} E${e.episode_number}`, image: e.poster, group: trans('Episodes'),
      })),
      { key: 'all', url: `/search?query=${encodeURIComponent(query)}`, label: trans('See all results for ":query"', { query }), detail: '', group: '' },
    ];
  }, [data, query]);

  // A new list of options starts without a highlighted one.
  useEffect(() => setActive(-1), [options]);

  const go = (url: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    inputRef.current?.blur();
    void navigate(url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the options and back to the input (-1), like a native autocomplete.
      setActive((i) => {
        const next = i + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const picked = options[active];
      if (picked) go(picked.url);
      else if (text.trim()) go(`/search?query=${encodeURIComponent(text.trim())}`);
    } else if (e.key === 'Escape') {
      // First Escape closes the list (and keeps the text: a search input would clear itself); the second clears.
      if (open && text.trim()) {
        e.preventDefault();
        setOpen(false);
      } else setText('');
    }
  };

  const expanded = open && query.length > 0;
  // Read out by screen readers when the suggestions change: how many there are (the "See all" option not counted).
  const hits = options.length - 1;
  const status = !expanded ? '' : isError ? trans('Search is not available right now.') : !data || isFetching ? ''
    : hits > 0 ? trans('[one 1 result|other :count results]', { count: hits }) : trans('No results for ":query"', { query });
  // Consecutive options of one group, with where they start among all options (their ids and the highlight).
  const groups: { name: string; from: number; items: Option[] }[] = [];
  options.forEach((o, i) => {
    const last = groups.at(-1);
    if (last && last.name === o.group) last.items.push(o);
    else groups.push({ name: o.group, from: i, items: [o] });
  });
  return (
    <div className={cn('relative', className)}>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="relative">
        <Search size="1rem" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-text-muted" aria-hidden />
        <input
          ref={inputRef}
          type="search"
          maxLength={SEARCH_QUERY_MAX}
          role="combobox"
          aria-label={trans('Search movies, series and people')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={trans('Search movies, series and people')}
          autoComplete="off"
          value={text}
          onChange={(e) => { setText(e.target.value); setActive(-1); setOpen(true); }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full border border-border bg-bg-alt ps-9 pe-4 text-sm placeholder:text-text-muted focus:border-primary"
        />
      </form>
      <p role="status" className="sr-only">{status}</p>
      <ul id={listId} role="listbox" aria-label={trans('Search suggestions')} hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-bg-elevated p-1 shadow-2xl">
        {isError && <li role="presentation" className="px-3 py-2 text-sm text-text-muted">{trans('Search is not available right now.')}</li>}
        {!data && isFetching && <li role="presentation" className="px-3 py-2 text-sm text-text-muted">{trans('Searching...')}</li>}
        {options.length === 1 && !isFetching && <li role="presentation" className="px-3 py-2 text-sm text-text-muted">{trans('No results for ":query"', { query })}</li>}
        {groups.map(({ name, from, items }, g) => {
          const list = items.map((o, n) => {
            const i = from + n;
            return (
              <li key={o.key} id={`${listId}-${i}`} role="option" aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()} onClick={() => go(o.url)} onMouseEnter={() => setActive(i)}
                className={cn('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm', i === active && 'bg-selected', o.key === 'all' && 'border-t border-border font-medium text-primary')}>
                {o.key !== 'all' && (
                  <span className="h-12 w-8 shrink-0 overflow-hidden rounded bg-bg-alt">{o.image && <img {...responsiveImage(o.image, 'thumb')} alt="" className="h-full w-full object-cover" loading="lazy" />}</span>
                )}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{o.label}</span>
                  {o.detail && <span className="truncate text-xs text-text-muted">{o.detail}</span>}
                </span>
                {o.rating ? <RatingBadge rating={o.rating} /> : null}
              </li>
            );
          });
          if (!name) return list;
          // A named group: screen readers announce "Titles" or "People" on entering it (its heading is not an option).
          return (
            <li key={`g-${name}`} role="group" aria-labelledby={`${listId}-g${g}`}>
              <div id={`${listId}-g${g}`} aria-hidden className="px-3 pb-1 pt-2 text-[0.6875rem] font-semibold uppercase tracking-wide text-text-muted">{name}</div>
              <ul role="presentation">{list}</ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
