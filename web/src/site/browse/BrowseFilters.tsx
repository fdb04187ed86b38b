import { useEffect, useState, type ReactNode } from 'react';
import type { ValueListItem } from '@app/contracts/browse';
import { BROWSE_SORTS, type BrowseSort } from '@app/contracts/browse-constants';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { useValueLists } from './use-infinite-titles';
import type { BrowseState } from './browse-params';

const SORT_LABELS = new Map<BrowseSort, () => string>([
  ['popularity', () => trans('Popularity')], ['release_date', () => trans('Release date')], ['rating', () => trans('Rating')], ['name', () => trans('Name')],
]);
export const FILTER_CONTROL = 'h-10 rounded-md border border-border bg-bg-alt px-3 text-sm focus:border-primary';

export function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return <div className="flex flex-col gap-1"><label htmlFor={id} className="text-xs font-medium text-text-muted">{label}</label>{children}</div>;
}

export function Select({ id, label, value, items, onChange }: { id: string; label: string; value: string; items: ValueListItem[] | undefined; onChange: (v: string) => void }) {
  return (
    <Field id={id} label={label}>
      <select id={id} className={FILTER_CONTROL} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{trans('Any')}</option>
        {(items ?? []).map((o) => <option key={String(o.value)} value={String(o.value)}>{o.name}</option>)}
      </select>
    </Field>
  );
}

/** A number box that commits on Enter or when it loses focus, so half-typed years are not sent. */
function NumberBox({ id, label, value, onCommit, min, max, step }: { id: string; label: string; value: string; onCommit: (v: string) => void; min: number; max: number; step?: number }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => { if (text.trim() !== value) onCommit(text.trim()); };
  return (
    <Field id={id} label={label}>
      <input id={id} type="number" inputMode="decimal" className={cn(FILTER_CONTROL, 'w-24')} value={text} min={min} max={max} step={step}
        onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => { if (e.key === 'Enter') commit(); }} />
    </Field>
  );
}

/** The option lists the filters offer (one call, kept for the session). */
export const useFilterLists = () => useValueLists(['genres', 'countries', 'languages', 'certifications']);

/** The browse page's filters and sort; every change goes straight into the URL. */
export function BrowseFilters({ state, onChange }: { state: BrowseState; onChange: (next: Partial<BrowseState>) => void }) {
  const { data: lists } = useFilterLists();
  // Phones fold the filters behind a button so the posters are not pushed below the fold.
  const [shown, setShown] = useState(false);
  const active = state.genres.length + [state.yearFrom, state.yearTo, state.ratingFrom, state.ratingTo, state.country, state.language, state.certification, state.keyword, state.tag].filter(Boolean).length;
  const toggleGenre = (id: number) => onChange({ genres: state.genres.includes(id) ? state.genres.filter((g) => g !== id) : [...state.genres, id] });
  return (
    <div className="flex flex-col gap-3">
    <button type="button" className={cn(FILTER_CONTROL, 'self-start font-medium md:hidden')} aria-expanded={shown} aria-controls="browse-filters" onClick={() => setShown(!shown)}>
      {active ? trans('Filters (:count)', { count: active }) : trans('Filters')}
    </button>
    <div id="browse-filters" className={cn('flex-col gap-4 rounded-lg border border-border bg-bg-elevated p-4 md:flex', shown ? 'flex' : 'hidden')}>
      {(lists?.genres?.length ?? 0) > 0 && (
        <fieldset>
          <legend className="mb-2 text-xs font-medium text-text-muted">{trans('Genres')}</legend>
          <div className="flex flex-wrap gap-2">
            {lists!.genres!.map((g) => {
              const on = state.genres.includes(Number(g.value));
              return (
                <button key={String(g.value)} type="button" aria-pressed={on} onClick={() => toggleGenre(Number(g.value))}
                  className={cn('rounded-full border px-3 py-1 text-sm transition', on ? 'border-primary bg-primary text-on-primary' : 'border-border hover:bg-hover')}>
                  {g.name}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <NumberBox id="browse-year-from" label={trans('Year from')} value={state.yearFrom} min={1800} max={2200} onCommit={(v) => onChange({ yearFrom: v })} />
        <NumberBox id="browse-year-to" label={trans('Year to')} value={state.yearTo} min={1800} max={2200} onCommit={(v) => onChange({ yearTo: v })} />
        <NumberBox id="browse-rating-from" label={trans('Rating from')} value={state.ratingFrom} min={0} max={10} step={0.1} onCommit={(v) => onChange({ ratingFrom: v })} />
        <NumberBox id="browse-rating-to" label={trans('Rating to')} value={state.ratingTo} min={0} max={10} step={0.1} onCommit={(v) => onChange({ ratingTo: v })} />
        <Select id="browse-country" label={trans('Country')} value={state.country} items={lists?.countries} onChange={(v) => onChange({ country: v })} />
        <Select id="browse-language" label={trans('Language')} value={state.language} items={lists?.languages} onChange={(v) => onChange({ language: v })} />
        <Select id="browse-certification" label={trans('Certification')} value={state.certification} items={lists?.certifications} onChange={(v) => onChange({ certification: v })} />
        <Field id="browse-sort" label={trans('Sort by')}>
          <select id="browse-sort" className={FILTER_CONTROL} value={state.sort} onChange={(e) => onChange({ sort: e.target.value as BrowseSort, dir: e.target.value === 'name' ? 'asc' : 'desc' })}>
            {BROWSE_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS.get(s)?.() ?? s}</option>)}
          </select>
        </Field>
        <Field id="browse-dir" label={trans('Order')}>
          <select id="browse-dir" className={FILTER_CONTROL} value={state.dir} onChange={(e) => onChange({ dir: e.target.value === 'asc' ? 'asc' : 'desc' })}>
            <option value="desc">{trans('Descending')}</option>
            <option value="asc">{trans('Ascending')}</option>
          </select>
        </Field>
      </div>
    </div>
    </div>
  );
}
