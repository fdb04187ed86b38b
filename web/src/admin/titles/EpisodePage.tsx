import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { episodeCreateSchema, episodeUpdateSchema, type Episode } from '@app/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { LoadError } from '../../site/ErrorPages';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/fields';
import { DatePicker } from '../../ui/DatePicker';
import { TabNav } from '../../ui/Tabs';
import { toast } from '../../ui/Toast';
import { useEpisode } from './api';
import { useTitleContext } from './TitleLayout';
import { PosterUpload } from './PosterUpload';
import { TITLE_SECTIONS } from '../section-permissions';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { changedOnly } from '../../lib/changed-fields';

interface Values { name: string; description: string; release_date: string; runtime: string; popularity: string; poster: string; episode_number: string }
const n = (s: string) => (s.trim() === '' ? null : Number(s));
const toPayload = (v: Values) => ({ ...v, runtime: n(v.runtime), popularity: n(v.popularity), episode_number: n(v.episode_number) ?? undefined });
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function EpisodeForm({ episode }: { episode?: Episode }) {
  const { title } = useTitleContext();
  const { season } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isEdit = !!episode;
  const defaults = (e?: Episode): Values => ({
    name: e?.name ?? '', description: s(e?.description), release_date: s(e?.release_date), runtime: s(e?.runtime),
    popularity: s(e?.popularity), poster: s(e?.poster), episode_number: s(e?.episode_number),
  });
  const { register, handleSubmit, reset, setError, setValue, watch, formState: { errors, isDirty, dirtyFields } } = useForm<Values>({
    defaultValues: defaults(episode),
    resolver: zodFormResolver(isEdit ? episodeUpdateSchema : episodeCreateSchema, toPayload) as any,
  });
  useEffect(() => reset(defaults(episode)), [episode, reset]);
  const unsaved = useUnsavedChanges(isDirty);
  const base = `titles/${title.id}/seasons/${season}/episodes`;
  const uploadStill = async (file: File) => {
    const form = new FormData();
    form.append('titleId', String(title.id));
    form.append('type', 'still');
    form.append('file', file);
    return (await api.post<{ image: { url: string } }>('images', form)).image.url;
  };
  const save = useMutation({
    mutationFn: (payload: unknown) => (isEdit ? api.put<{ episode: Episode }>(`${base}/${episode!.episode_number}`, payload) : api.post<{ episode: Episode }>(base, payload)),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: ['episodes'] });
      await qc.invalidateQueries({ queryKey: ['seasons'] });
      await qc.invalidateQueries({ queryKey: queryKeys.detail('titles', title.id) });
      toast(isEdit ? trans('Episode updated') : trans('Episode created'));
      unsaved.release();
      navigate(`/admin/titles/${title.id}/edit/seasons/${season}/episodes/${r.episode.episode_number}/primary-facts`, { replace: isEdit });
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <form noValidate className="flex max-w-3xl flex-col gap-5" onSubmit={handleSubmit((p) => save.mutate(isEdit ? changedOnly(p, dirtyFields) : p))}>
      <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
        <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
        <TextField label={trans('Episode number')} type="number" min={1} error={errors.episode_number?.message} {...register('episode_number')} />
      </div>
      <TextArea label={trans('Overview')} rows={4} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <DatePicker label={trans('Release date')} error={errors.release_date?.message} {...register('release_date')} />
        <TextField label={trans('Runtime')} type="number" min={1} error={errors.runtime?.message} {...register('runtime')} />
        <TextField label={trans('Popularity')} type="number" min={1} step="any" error={errors.popularity?.message} {...register('popularity')} />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        {watch('poster') && <img src={watch('poster')} alt="" className="aspect-video w-32 rounded object-cover" />}
        <TextField wrapperClassName="min-w-48 flex-1" label={trans('Poster URL')} error={errors.poster?.message} {...register('poster')} />
        {/* The still joins the title's images (as the Images tab's uploads do), so it can be chosen again there. */}
        <PosterUpload label={trans('Upload still')} send={uploadStill} onUploaded={(url) => {
          setValue('poster', url, { shouldDirty: true });
          void qc.invalidateQueries({ queryKey: queryKeys.detail('titles', title.id) });
        }} />
      </div>
      <div><Button type="submit" variant="primary" disabled={save.isPending}>{isEdit ? trans('Save') : trans('Create')}</Button></div>
      {unsaved.dialog}
    </form>
  );
}

function Back() {
  const { title } = useTitleContext();
  const { season } = useParams();
  return (
    <Link to={`/admin/titles/${title.id}/edit/seasons/${season}/episodes`} className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
      <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Season :number', { number: season ?? '' })}
    </Link>
  );
}

export function NewEpisodePage() {
  return (
    <div className="flex flex-col gap-4">
      <Back />
      <h2 className="text-lg font-semibold">{trans('New episode')}</h2>
      <EpisodeForm />
    </div>
  );
}

/** seasons/{season}/episodes/{episode}: tabs primary-facts, cast, crew. */
export function EpisodeLayout() {
  const ctx = useTitleContext();
  const { can } = useAuth();
  const { season, episode } = useParams();
  const query = useEpisode(String(ctx.title.id), season, episode);
  if (query.isPending) return <div className="skeleton h-8 w-64" />;
  if (query.isError) return <LoadError level={2} error={query.error} retry={query.refetch} />;
  const base = `/admin/titles/${ctx.title.id}/edit/seasons/${season}/episodes/${episode}`;
  return (
    <div className="flex flex-col gap-4">
      <Back />
      <h2 className="text-lg font-semibold">{query.data.name}</h2>
      <TabNav label={trans('Episode sections')} tabs={[
        { to: `${base}/primary-facts`, label: trans('Primary facts') },
        { to: `${base}/cast`, label: trans('Cast') },
        { to: `${base}/crew`, label: trans('Crew') },
        ...(can(TITLE_SECTIONS.videos) ? [{ to: `/admin/titles/${ctx.title.id}/edit/videos/seasons/${season}/episodes/${episode}`, label: trans('Videos') }] : []),
        ...(can(TITLE_SECTIONS.insights) ? [{ to: `/admin/titles/${ctx.title.id}/insights/seasons/${season}/episodes/${episode}`, label: trans('Insights') }] : []),
      ]} />
      <Outlet context={{ ...ctx, episode: query.data }} />
    </div>
  );
}

export function EpisodeIndex() {
  return <Navigate to="primary-facts" replace />;
}

export function EpisodePrimaryFacts() {
  const { episode } = useOutletContext<{ episode: Episode }>();
  return <EpisodeForm episode={episode} />;
}
