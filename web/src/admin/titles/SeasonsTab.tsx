import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { SEASONS_PER_PAGE, type Episode, type PaginationResponse, type Season } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { Pager } from '../../ui/Pager';
import { Button, buttonClass } from '../../ui/Button';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { EmptyState, ListLoadError } from '../../ui/DataTable';
import { TabNav } from '../../ui/Tabs';
import { toast } from '../../ui/Toast';
import { useSeason, useTitle } from './api';
import { useTitleContext } from './TitleLayout';
import { TITLE_SECTIONS } from '../section-permissions';

export function Component() {
  const { title } = useTitleContext();
  const { can } = useAuth();
  const qc = useQueryClient();
  const refreshTitle = useTitle(title.id).refetch;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['seasons', 'list', { titleId: title.id, page }],
    queryFn: () => api.get<PaginationResponse<Season>>(`titles/${title.id}/seasons`, { page, perPage: SEASONS_PER_PAGE }),
  });
  const refresh = async () => { await qc.invalidateQueries({ queryKey: ['seasons'] }); await refreshTitle(); };
  const add = useMutation({
    mutationFn: () => api.post<{ season: Season }>(`titles/${title.id}/seasons`, {}),
    onSuccess: async (r) => { toast(trans(':name created', { name: trans('Season :number', { number: r.season.number }) })); await refresh(); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const remove = useConfirmedDelete<Season>({
    remove: (s) => api.delete(`seasons/${s.id}`), refresh, done: trans('Season deleted'),
    title: trans('Delete season'), body: trans('This will permanently remove the items and cannot be undone.'),
  });
  const seasons = query.data?.pagination.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      {can('seasons.create') && <div><Button variant="primary" onClick={() => add.mutate()} disabled={add.isPending}><Plus size={16} aria-hidden />{trans('Add season')}</Button></div>}
      {query.isPending ? <div className="skeleton h-24" /> : query.isError ? (
        // A refused or failed list is not an empty one: the same state as the tables' (the Videos tab).
        <div role="alert" className="rounded-md border border-border py-12 text-center">
          <ListLoadError error={query.error} retry={() => query.refetch()} />
        </div>
      ) : seasons.length === 0 ? (
        <div className="rounded-md border border-border py-12"><EmptyState title={trans('No seasons have been added yet')} icon={<Layers size={40} />} /></div>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label={trans('Seasons')}>
          {seasons.map((s) => (
            <li key={s.id} className="flex items-center gap-3 px-3 py-2">
              <div className="flex-1">
                <Link to={`${s.number}`} className="font-medium hover:underline">{trans('Season :number', { number: s.number })}</Link>
                <div className="text-xs text-text-muted">{trans(':count episodes', { count: s.episodes_count })}{s.release_date ? ` · ${formatDate(s.release_date)}` : ''}</div>
              </div>
              <Link to={`${s.number}`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: trans('Season :number', { number: s.number }) })}><Pencil size={16} aria-hidden /></Link>
              {can('seasons.delete') && <Button size="icon" variant="text" aria-label={trans('Delete :name', { name: trans('Season :number', { number: s.number }) })} onClick={() => remove.ask(s)}><Trash2 size={16} aria-hidden /></Button>}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={query.data?.pagination.last_page} onPage={setPage} label={trans('Seasons pages')} />
      {remove.dialog}
    </div>
  );
}

/** seasons/{season}: tabs episodes, cast, crew. */
export function SeasonLayout() {
  const ctx = useTitleContext();
  const { can } = useAuth();
  const { season } = useParams();
  const query = useSeason(ctx.title.id, season);
  if (query.isPending) return <div className="skeleton h-8 w-64" />;
  if (query.isError) return <LoadError level={2} error={query.error} retry={query.refetch} />;
  const base = `/admin/titles/${ctx.title.id}/edit/seasons/${season}`;
  return (
    <div className="flex flex-col gap-4">
      <Link to={`/admin/titles/${ctx.title.id}/edit/seasons`} className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text"><ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Seasons')}</Link>
      <h2 className="text-lg font-semibold">{trans('Season :number', { number: query.data.number })}</h2>
      <TabNav label={trans('Season sections')} tabs={[
        { to: `${base}/episodes`, label: trans('Episodes') },
        { to: `${base}/cast`, label: trans('Cast') },
        { to: `${base}/crew`, label: trans('Crew') },
        ...(can(TITLE_SECTIONS.videos) ? [{ to: `/admin/titles/${ctx.title.id}/edit/videos/seasons/${season}`, label: trans('Videos') }] : []),
        ...(can(TITLE_SECTIONS.insights) ? [{ to: `/admin/titles/${ctx.title.id}/insights/seasons/${season}`, label: trans('Insights') }] : []),
      ]} />
      <Outlet context={ctx} />
    </div>
  );
}

export function SeasonIndex() {
  return <Navigate to="episodes" replace />;
}

export function EpisodesTab() {
  const { title } = useTitleContext();
  const { season } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => { setDebounced(search.trim()); setPage(1); }, 300);
    return () => window.clearTimeout(t);
  }, [search]);
  const query = useQuery({
    queryKey: ['episodes', 'list', { titleId: title.id, season, page, query: debounced }],
    queryFn: () => api.get<PaginationResponse<Episode>>(`titles/${title.id}/seasons/${season}/episodes`, { page, perPage: 50, query: debounced }),
    placeholderData: keepPreviousData,
  });
  const remove = useConfirmedDelete<Episode>({
    remove: (e) => api.delete(`episodes/${e.id}`), done: trans('Episode deleted'),
    refresh: () => Promise.all([['episodes'], ['seasons'], ['titles', 'detail', String(title.id)]].map((queryKey) => qc.invalidateQueries({ queryKey }))),
    title: trans('Delete episode'), body: trans('This will permanently remove the items and cannot be undone.'),
  });
  const episodes = query.data?.pagination.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={trans('Search episodes')} aria-label={trans('Search episodes')}
          className="h-9 w-full max-w-xs rounded-md border border-border bg-bg-elevated px-3 text-sm" />
        <Button variant="primary" className="ms-auto" onClick={() => navigate(`/admin/titles/${title.id}/edit/seasons/${season}/episodes/new`)}><Plus size={16} aria-hidden />{trans('Add episode')}</Button>
      </div>
      {query.isPending ? <div className="skeleton h-24" /> : episodes.length === 0 ? (
        <div className="rounded-md border border-border py-12"><EmptyState title={debounced ? trans('No matching episodes') : trans('No episodes have been added yet')} /></div>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label={trans('Episodes')}>
          {episodes.map((e) => (
            <li key={e.id} className="flex items-center gap-3 px-3 py-2">
              <span className="w-10 text-sm text-text-muted">{e.episode_number}</span>
              <div className="flex-1">
                <Link to={`/admin/titles/${title.id}/edit/seasons/${season}/episodes/${e.episode_number}`} className="font-medium hover:underline">{e.name}</Link>
                <div className="text-xs text-text-muted">{formatDate(e.release_date)}</div>
              </div>
              <Link to={`/admin/titles/${title.id}/edit/seasons/${season}/episodes/${e.episode_number}`} className={buttonClass('text', 'icon')} aria-label={trans('Edit :name', { name: e.name })}><Pencil size={16} aria-hidden /></Link>
              <Button size="icon" variant="text" aria-label={trans('Delete :name', { name: e.name })} onClick={() => remove.ask(e)}><Trash2 size={16} aria-hidden /></Button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={query.data?.pagination.last_page} onPage={setPage} label={trans('Episodes pages')} />
      {remove.dialog}
    </div>
  );
}
