import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ListFilter, Search, Trash2, X } from 'lucide-react';
import type { FilterItem, FilterOperator, PaginationResponse } from '@app/contracts/list';
import { ApiError, api, errorMessage } from '../lib/api';
import { dayOfInstant, endOfDay, startOfDay } from '../lib/format';
import { trans } from '../lib/i18n';
import { queryKeys } from '../lib/query-client';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './Toast';
import { cn } from './cn';
import { DatePicker, formatDay } from './DatePicker';
import { PER_PAGE_CHOICES, filtersWith, readListParams, toApiParams, type ListParams } from './list-params';
import { useRowScroll } from './row-scroll';

export type FilterDefinition =
  | { key: string; label: string; type: 'boolean'; trueLabel: string; falseLabel: string }
  | { key: string; label: string; type: 'select'; options: { label: string; value: FilterItem['value']; operator?: FilterOperator }[] }
  | { key: string; label: string; type: 'dateRange' }
  /** A screen's own control (e.g. a user picker); it labels itself. */
  | { key: string; label: string; type: 'custom'; render: (value: FilterItem | undefined, onChange: (item: FilterItem | null) => void) => ReactNode };

/** An empty list says what it is for (`description`) and offers its first step (`action`: a create link, when allowed). */
export interface EmptyStateProps { title: string; description?: string; icon?: ReactNode; action?: ReactNode }

export type DataTableColumn<T> = ColumnDef<T> & {
  /** Server orderBy key; when set the column header sorts. */
  sortKey?: string;
  /** Extra class for the header and cells. */
  className?: string;
};

export interface DataTableProps<T extends { id: number | string }> {
  endpoint: string;
  /** Query-key resource; defaults to endpoint. */
  resource?: string;
  columns: DataTableColumn<T>[];
  filters?: FilterDefinition[];
  /** `with` query param (relations). */
  with?: string;
  title?: ReactNode;
  headerActions?: (params: ListParams) => ReactNode;
  searchLabel?: string;
  /** False for lists the server cannot search (the search box is left out). */
  searchable?: boolean;
  emptyState: EmptyStateProps;
  noResultsState: EmptyStateProps;
  /** Allow selecting rows and bulk deleting them. */
  canDelete?: boolean;
  /** Rows the user may select (the others show no checkbox); every row when left out. */
  canSelectRow?: (row: T) => boolean;
  defaultOrderBy?: string;
  defaultOrderDir?: 'asc' | 'desc';
  /** Extra API query params (e.g. roleId), part of the query key. */
  extraParams?: Record<string, string | number>;
  /** A fixed page size (hides the per-page choice). */
  perPage?: number;
  /** Actions for the selected rows besides delete; enables row selection. */
  selectionActions?: (ids: string[], clear: () => void) => ReactNode;
  /** Filters always sent with the user's (e.g. the videos of one title). */
  fixedFilters?: FilterItem[];
  /** Page size when the URL does not choose one. */
  defaultPerPage?: number;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** What a row is called to a screen reader: the record's own name where it has one. */
function rowName(row: object): string {
  for (const key of ['name', 'title', 'display_name', 'email', 'label']) {
    const value = Object.hasOwn(row, key) ? (row as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `#${(row as { id: unknown }).id}`;
}

/**
 * A row's checkbox is 16 px: a thumb on a phone missed it and opened the row's link or ticked nothing. Its label is the
 * 32 px target around it; the negative margin keeps the row as tall as before.
 */
const CHECKBOX_TARGET = '-m-2 inline-flex h-8 w-8 cursor-pointer items-center justify-center align-middle';

/**
 * The row actions column (`id: 'actions'`) stays at the table's end edge while the other columns scroll beneath it:
 * on a phone the actions sat a screen or two to the right, with nothing saying the table scrolled sideways. Its cells
 * are opaque, over the row's hover or selected tint; while columns remain hidden under it, the text going under fades.
 */
const STICKY_ACTIONS = 'sticky end-0 z-[1]';
const STICKY_FADE = 'before:pointer-events-none before:absolute before:inset-y-0 before:-start-6 before:w-6 before:bg-linear-to-l rtl:before:bg-linear-to-r';

/** The row-selection column, defined once so React keeps the same checkbox elements between renders. */
const selectColumn: DataTableColumn<{ id: number | string }> = {
  id: '__select',
  className: 'w-10',
  header: ({ table }) => (
    <label className={CHECKBOX_TARGET}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--color-primary)]"
        aria-label={trans('Select all rows')}
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => { if (el) el.indeterminate = table.getIsSomePageRowsSelected(); }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    </label>
  ),
  cell: ({ row }) => row.getCanSelect() && (
    <label className={CHECKBOX_TARGET}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--color-primary)]"
        aria-label={trans('Select :name', { name: rowName(row.original) })}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    </label>
  ),
};

/**
 * A <th> centres its text by default and does not inherit the header row's alignment, so each header cell starts
 * where its column's cells start, unless the column aligns itself (a numbers column's text-end).
 */
const headerAlign = (className: string | undefined) => (/\btext-(start|end|center|left|right)\b/.test(className ?? '') ? undefined : 'text-start');

export function DataTable<T extends { id: number | string }>(props: DataTableProps<T>) {
  const { endpoint, columns, filters: filterDefs = [], canDelete, canSelectRow, extraParams, perPage: fixedPerPage, selectionActions, fixedFilters, defaultPerPage } = props;
  const selectable = !!canDelete || !!selectionActions;
  const resource = props.resource ?? endpoint;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(
    () => readListParams(searchParams, { orderBy: props.defaultOrderBy, orderDir: props.defaultOrderDir }),
    [searchParams, props.defaultOrderBy, props.defaultOrderDir],
  );
  const perPage = fixedPerPage ?? (defaultPerPage && !searchParams.get('perPage') ? defaultPerPage : params.perPage);
  const apiParams = useMemo(
    () => ({ ...toApiParams({ ...params, perPage, filters: [...(fixedFilters ?? []), ...params.filters] }), ...extraParams, with: props.with }),
    [params, perPage, props.with, fixedFilters, extraParams],
  );

  // A debounced search that fires while a row's link is already opening another page must not pull the
  // visitor back to the list.
  const navigation = useNavigation();
  const navigationRef = useRef(navigation);
  navigationRef.current = navigation;
  const { pathname } = useLocation();
  const update = (changes: Record<string, string | number | null | undefined>, resetPage = true) => {
    const pending = navigationRef.current;
    if (pending.state !== 'idle' && pending.location && pending.location.pathname !== pathname) return;
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      if (resetPage) next.delete('page');
      return next;
    }, { replace: true });
  };

  // Debounced search box.
  const [searchText, setSearchText] = useState(params.query);
  const debounced = useDebounced(searchText, 350);
  const lastQuery = useRef(params.query);
  useEffect(() => {
    if (debounced !== lastQuery.current) {
      lastQuery.current = debounced;
      update({ query: debounced || null });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // URL changed from outside (back button): reflect it.
    if (params.query !== lastQuery.current) {
      lastQuery.current = params.query;
      setSearchText(params.query);
    }
  }, [params.query]);

  const query = useQuery({
    queryKey: queryKeys.list(resource, apiParams),
    queryFn: ({ signal }) => api.get<PaginationResponse<T>>(endpoint, apiParams, signal),
    placeholderData: keepPreviousData,
  });
  const pagination = query.data?.pagination;
  // Field errors of a refused list call (`filters.N.value.end`), by the key of the filter they belong to.
  const filterErrors = useMemo(() => {
    const out = new Map<string, string[]>();
    const sent = [...(fixedFilters ?? []), ...params.filters];
    const errors = query.error instanceof ApiError ? query.error.errors ?? {} : {};
    for (const [field, list] of Object.entries(errors)) {
      const m = /^filters\.(\d+)\./.exec(field);
      const key = m ? sent[Number(m[1])]?.key : undefined;
      if (key) out.set(key, [...(out.get(key) ?? []), ...list]);
    }
    return out;
  }, [query.error, fixedFilters, params.filters]);
  const data = useMemo(() => pagination?.data ?? [], [pagination]);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  useEffect(() => setRowSelection({}), [pagination]);

  // One column definition for the table's lifetime: a new cell function each render would remount the checkboxes
  // and drop the focus of the one just ticked.
  const allColumns = useMemo(() => (selectable ? [selectColumn as DataTableColumn<T>, ...columns] : columns), [selectable, columns]);

  const table = useReactTable<T>({
    data,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: selectable && canSelectRow ? (row) => canSelectRow(row.original) : selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    getRowId: (row) => String(row.id),
  });

  const selectedIds = Object.keys(rowSelection).filter((k) => rowSelection[k]);
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const deleteMutation = useMutation({
    mutationFn: (ids: string[]) => api.delete(`${endpoint}/${ids.join(',')}`),
    onSuccess: (_r, ids) => {
      toast(trans('Deleted [one 1 record|other :count records]', { count: ids.length }));
      setRowSelection({});
      setConfirmOpen(false);
      return queryClient.invalidateQueries({ queryKey: queryKeys.all(resource) });
    },
    onError: (e) => {
      setConfirmOpen(false);
      const detail = errorMessage(e, '');
      toast.danger(detail ? `${trans('Could not delete records')}: ${detail}` : trans('Could not delete records'));
    },
  });

  const activeFilterCount = params.filters.length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilterCount > 0);
  const setFilter = (key: string, item: FilterItem | null) => update({ filters: filtersWith(params.filters, key, item) });

  const toggleSort = (key: string) => {
    if (params.orderBy === key) update({ orderBy: key, orderDir: params.orderDir === 'asc' ? 'desc' : 'asc' }, false);
    else update({ orderBy: key, orderDir: 'asc' }, false);
  };

  const isFiltered = !!params.query || params.filters.length > 0;
  const colCount = table.getVisibleLeafColumns().length;
  const hasActions = allColumns.some((c) => c.id === 'actions');
  const scroller = useRowScroll<HTMLDivElement>(data.length + colCount);
  const moreAtEnd = scroller.overflows && !scroller.atEnd;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {props.searchable !== false && <div className="min-w-48 flex-1 sm:max-w-80">
          <label className="sr-only" htmlFor={`${resource}-search`}>{props.searchLabel ?? trans('Search')}</label>
          <div className="relative">
            <Search size="1rem" aria-hidden className="pointer-events-none absolute start-2.5 top-1/2 -translate-y-1/2 text-text-muted" />
            <input
              id={`${resource}-search`}
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder={props.searchLabel ?? trans('Search')}
              className="h-9 w-full rounded-md border border-border bg-bg-elevated ps-8 pe-3 text-sm"
            />
          </div>
        </div>}
        {filterDefs.length > 0 && (
          <Button onClick={() => setFiltersOpen((o) => !o)} aria-expanded={filtersOpen} aria-controls={`${resource}-filters`}>
            <ListFilter size="1rem" aria-hidden />
            {trans('Filters')}
            {activeFilterCount > 0 && <span className="rounded-full bg-primary px-1.5 text-xs text-on-primary">{activeFilterCount}</span>}
          </Button>
        )}
        <div className="ms-auto flex flex-wrap items-center gap-2">{props.headerActions?.(params)}</div>
      </div>

      {filterDefs.length > 0 && filtersOpen && (
        <div id={`${resource}-filters`} className="flex flex-wrap items-end gap-3 rounded-md border border-border bg-bg-alt p-3">
          {filterDefs.map((def) => (
            <FilterControl key={def.key} def={def} value={params.filters.find((f) => f.key === def.key)} onChange={(item) => setFilter(def.key, item)}
              serverErrors={filterErrors.get(def.key)} />
          ))}
          {activeFilterCount > 0 && (
            <Button variant="text" size="sm" onClick={() => update({ filters: null })}>
              <X size="0.875rem" aria-hidden />
              {trans('Clear filters')}
            </Button>
          )}
        </div>
      )}

      {/* A refresh (after a change, a retry) that failed keeps the rows it had, but says they may be out of date. */}
      {query.isError && pagination && <StaleListNotice error={query.error} retry={() => query.refetch()} />}

      {/* relative: the sr-only labels (position: absolute) stay clipped by this scroller instead of widening the page on phones. */}
      <div className="relative">
      <div ref={scroller.ref} data-scroll-more={moreAtEnd || undefined} className="relative overflow-x-auto rounded-md border border-border">
        <table className="w-full border-collapse text-sm" aria-busy={query.isFetching || undefined}>
          <thead className="bg-bg-alt text-xs uppercase tracking-wide text-text-muted">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((header) => {
                  const col = header.column.columnDef as DataTableColumn<T>;
                  const sortKey = col.sortKey;
                  const sorted = sortKey && params.orderBy === sortKey ? params.orderDir ?? 'desc' : null;
                  const content = header.isPlaceholder ? null : flexRender(col.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sortKey ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      className={cn('h-10 whitespace-nowrap px-3 font-medium', headerAlign(col.className), col.className,
                        header.column.id === 'actions' && cn(STICKY_ACTIONS, 'bg-bg-alt', moreAtEnd && cn(STICKY_FADE, 'before:from-bg-alt')))}
                    >
                      {/* 32 px tall, so a thumb finds the sort (its text alone was 16 px). */}
                      {sortKey ? (
                        <button type="button" onClick={() => toggleSort(sortKey)} className="inline-flex min-h-8 items-center gap-1 rounded uppercase hover:text-text">
                          {content}
                          {sorted === 'asc' && <ArrowUp size="0.875rem" aria-hidden />}
                          {sorted === 'desc' && <ArrowDown size="0.875rem" aria-hidden />}
                        </button>
                      ) : content}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {query.isPending ? (
              Array.from({ length: 6 }, (_, i) => (
                <tr key={i} className="border-t border-border" data-testid="skeleton-row">
                  {Array.from({ length: colCount }, (_, j) => (
                    <td key={j} className="h-14 px-3"><div className="skeleton h-4 w-3/4" /></td>
                  ))}
                </tr>
              ))
            ) : query.isError && !pagination ? (
              <tr>
                <td colSpan={colCount} className="px-3 py-12 text-center">
                  <ListLoadError error={query.error} retry={() => query.refetch()} />
                </td>
              </tr>
            ) : data.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="px-3 py-16 text-center">
                  <EmptyState {...(isFiltered ? props.noResultsState : props.emptyState)} />
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className={cn('group border-t border-border', row.getIsSelected() ? 'bg-selected' : 'hover:bg-hover')}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn('h-14 px-3 py-2', (cell.column.columnDef as DataTableColumn<T>).className,
                      cell.column.id === 'actions' && cn(STICKY_ACTIONS, 'bg-bg', moreAtEnd && cn(STICKY_FADE, 'before:from-bg'), row.getIsSelected()
                        ? 'bg-[image:linear-gradient(var(--color-selected),var(--color-selected))]'
                        : 'group-hover:bg-[image:linear-gradient(var(--color-hover),var(--color-hover))]'))}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {/* A table with no actions column still says it scrolls sideways: its end edge fades while columns remain. */}
      {moreAtEnd && !hasActions && (
        <div aria-hidden className="pointer-events-none absolute inset-y-px end-px w-8 rounded-e-md bg-linear-to-l from-bg rtl:bg-linear-to-r" />
      )}
      </div>

      {/* The selected rows' actions stay in view at the bottom while the list scrolls: in the toolbar, a row ticked far
          down a phone's screen left them scrolled away at the top. Below the rows, showing them shifts no row. */}
      {selectedIds.length > 0 && (canDelete || selectionActions) && (
        <div className="sticky bottom-0 z-10 -my-2 flex flex-wrap items-center gap-2 border-t border-border bg-bg py-2">
          {canDelete && (
            <Button variant="danger" onClick={() => setConfirmOpen(true)}>
              <Trash2 size="1rem" aria-hidden />
              {trans('Delete')} ({selectedIds.length})
            </Button>
          )}
          {selectionActions?.(selectedIds, () => setRowSelection({}))}
        </div>
      )}

      {pagination && pagination.total > 0 && (
        <div className="flex flex-wrap items-center justify-end gap-4 text-sm text-text-muted">
          {!fixedPerPage && <label className="inline-flex items-center gap-2">
            {trans('Items per page')}
            <select
              value={perPage}
              onChange={(e) => update({ perPage: e.target.value === String(defaultPerPage ?? 15) ? null : e.target.value })}
              className="h-8 rounded-md border border-border bg-bg-elevated px-2 text-text"
            >
              {PER_PAGE_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>}
          {/* Isolated and directed by its own text: an untranslated range in a right-to-left page read "of 3 3 - 1". */}
          <bdi data-testid="pagination-range">
            {trans(':from - :to of :total', { from: pagination.from ?? 0, to: pagination.to ?? 0, total: pagination.total })}
          </bdi>
          <div className="flex gap-1">
            <Button size="icon" variant="text" aria-label={trans('Previous page')} disabled={pagination.current_page <= 1}
              onClick={() => update({ page: pagination.current_page - 1 > 1 ? pagination.current_page - 1 : null }, false)}>
              <ChevronLeft size="1.125rem" aria-hidden className="rtl:-scale-x-100" />
            </Button>
            <Button size="icon" variant="text" aria-label={trans('Next page')} disabled={pagination.current_page >= pagination.last_page}
              onClick={() => update({ page: pagination.current_page + 1 }, false)}>
              <ChevronRight size="1.125rem" aria-hidden className="rtl:-scale-x-100" />
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={trans('Delete [one 1 record|other :count records]', { count: selectedIds.length })}
        body={trans('This will permanently remove the items and cannot be undone.')}
        confirm={trans('Delete')}
        danger
        pending={deleteMutation.isPending}
        onConfirm={() => deleteMutation.mutate(selectedIds)}
      />
    </div>
  );
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      {icon && <div className="text-text-muted" aria-hidden>{icon}</div>}
      <p className="text-base font-medium text-text">{title}</p>
      {description && <p className="max-w-md text-text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

function FilterControl({ def, value, onChange, serverErrors }: { def: FilterDefinition; value?: FilterItem; onChange: (item: FilterItem | null) => void; serverErrors?: string[] }) {
  const id = `filter-${def.key}`;
  // A long option (a role's name) would widen a native select past the panel on a phone: the select stops at the panel's width.
  const selectClass = 'h-9 max-w-full rounded-md border border-border bg-bg-elevated px-2 text-sm';
  if (def.type === 'boolean') {
    const current = value ? String(value.value) : '';
    return (
      <div className="flex min-w-0 max-w-full flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-text-muted">{def.label}</label>
        <select id={id} className={selectClass} value={current}
          onChange={(e) => onChange(e.target.value === '' ? null : { key: def.key, value: e.target.value === 'true', operator: '=' })}>
          <option value="">{trans('Any')}</option>
          <option value="true">{def.trueLabel}</option>
          <option value="false">{def.falseLabel}</option>
        </select>
      </div>
    );
  }
  if (def.type === 'custom') return <>{def.render(value, onChange)}</>;
  if (def.type === 'select') {
    const idx = value ? def.options.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(value.value) && (o.operator ?? '=') === (value.operator ?? '=')) : -1;
    return (
      <div className="flex min-w-0 max-w-full flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-text-muted">{def.label}</label>
        <select id={id} className={selectClass} value={idx >= 0 ? String(idx) : ''}
          onChange={(e) => {
            const o = e.target.value === '' ? null : def.options[Number(e.target.value)];
            onChange(o ? { key: def.key, value: o.value, operator: o.operator ?? '=' } : null);
          }}>
          <option value="">{trans('Any')}</option>
          {def.options.map((o, i) => <option key={i} value={i}>{o.label}</option>)}
        </select>
      </div>
    );
  }
  return <DateRangeFilter id={id} def={def} value={value} onChange={onChange} serverErrors={serverErrors} />;
}

/** From and to dates; an end before the start is explained beside the field and not applied. */
function DateRangeFilter({ id, def, value, onChange, serverErrors }: { id: string; def: FilterDefinition; value?: FilterItem; onChange: (item: FilterItem | null) => void; serverErrors?: string[] }) {
  const range = value && typeof value.value === 'object' && value.value ? (value.value as { start: string; end: string }) : null;
  const [start, setStart] = useState(() => localDate(range?.start));
  const [end, setEnd] = useState(() => localDate(range?.end));
  // Follow the URL when it changes from outside (clear filters, back button).
  const applied = `${range?.start ?? ''}|${range?.end ?? ''}`;
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setStart(localDate(range?.start));
    setEnd(localDate(range?.end));
  }
  const invalid = !!start && !!end && end < start;
  const set = (s: string, e: string) => {
    setStart(s);
    setEnd(e);
    if (s && e && e < s) return;
    if (!s && !e) return onChange(null);
    // The days as the table shows its dates (the site's timezone, else the browser's), not the browser's own: an
    // admin in Tokyo on a site set to Los Angeles filtering on Dec 2 missed the rows the table showed as Dec 2.
    const startIso = startOfDay(s || '1970-01-01').toISOString();
    const endIso = endOfDay(e || '2999-12-31').toISOString();
    onChange({ key: def.key, value: { start: startIso, end: endIso }, operator: 'between' });
  };
  const errorId = `${id}-error`;
  const messages = serverErrors?.length ? serverErrors : invalid ? [trans('Enter a date after :date', { date: formatDay(start) })] : [];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-text-muted">{def.label}</legend>
      {/* On a narrow phone the two pickers (160px each) ran past the panel: "to" wraps below "from" there. */}
      <div className="flex flex-wrap items-center gap-1">
        <DatePicker aria-label={trans(':label from', { label: def.label })} wrapperClassName="w-40" value={start} max={end || undefined} onChange={(e) => set(e.target.value, end)} />
        <span aria-hidden>–</span>
        <DatePicker aria-label={trans(':label to', { label: def.label })} wrapperClassName="w-40" value={end} min={start || undefined} onChange={(e) => set(start, e.target.value)} />
      </div>
      {/* The server's answer (the shared date-range rule) when it has one; the same rule checked here otherwise. */}
      {messages.map((m) => <p key={m} id={errorId} role="alert" className="text-xs text-danger">{m}</p>)}
    </fieldset>
  );
}

/** The day (YYYY-MM-DD) a filter's bound falls on in the timezone dates are shown in; '' for none or an open end. */
function localDate(iso?: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '';
  const day = dayOfInstant(iso);
  return day <= '1970-01-01' || day >= '2999-12-31' ? '' : day;
}

/** A list that could not be loaded (not an empty one): the same sentence everywhere, the server's reason when it gave one, and "Try again". */
function StaleListNotice({ error, retry }: { error: unknown; retry: () => unknown }) {
  const detail = errorMessage(error, '');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm">
      <span>{trans('The list could not be refreshed: it may be out of date.')}{detail && <span className="text-text-muted"> {detail}</span>}</span>
      <Button size="sm" onClick={() => void retry()}>{trans('Try again')}</Button>
    </div>
  );
}

export function ListLoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const detail = errorMessage(error, '');
  return (
    <>
      <p className="font-medium">{trans('There was an issue loading this list.')}</p>
      {detail && <p className="mt-1 text-text-muted">{detail}</p>}
      <Button className="mt-4" onClick={() => void retry()}>{trans('Try again')}</Button>
    </>
  );
}
