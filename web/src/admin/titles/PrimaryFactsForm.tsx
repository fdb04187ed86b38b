import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { titleCreateSchema, titleUpdateSchema, type Title } from '@app/contracts';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { Select, TextArea, TextField } from '../../ui/fields';
import { DatePicker } from '../../ui/DatePicker';
import { LookupSelect } from '../../ui/LookupSelect';
import { toast } from '../../ui/Toast';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { changedOnly } from '../../lib/changed-fields';
import { useTitleCache } from './api';

interface Values {
  name: string; type: 'movie' | 'series'; original_title: string; release_date: string; tagline: string; description: string;
  runtime: string; certification: string; budget: string; revenue: string; language: string; popularity: string; poster: string; backdrop: string;
}
/** The form's lookups, loaded in one call. */
const LOOKUPS = ['titleFilterAgeRatings', 'tmdbLanguages'] as const;
const n = (s: string) => (s.trim() === '' ? null : Number(s));
const toPayload = (v: Values) => ({
  name: v.name, is_series: v.type === 'series', original_title: v.original_title, release_date: v.release_date, tagline: v.tagline,
  description: v.description, runtime: n(v.runtime), certification: v.certification, budget: n(v.budget), revenue: n(v.revenue),
  language: v.language, popularity: n(v.popularity), poster: v.poster, backdrop: v.backdrop,
});
const FIELD_OF = new Map([['is_series', 'type']]);
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const defaults = (t?: Title): Values => ({
  name: t?.name ?? '', type: t?.is_series ? 'series' : 'movie', original_title: s(t?.original_title), release_date: s(t?.release_date),
  tagline: s(t?.tagline), description: s(t?.description), runtime: s(t?.runtime), certification: s(t?.certification), budget: s(t?.budget),
  revenue: s(t?.revenue), language: s(t?.language), popularity: s(t?.popularity), poster: s(t?.poster), backdrop: s(t?.backdrop),
});

export function PrimaryFactsForm({ title }: { title?: Title }) {
  const navigate = useNavigate();
  const cache = useTitleCache();
  const isEdit = !!title;
  const { register, handleSubmit, reset, setError, formState: { errors, isDirty, dirtyFields } } = useForm<Values>({
    defaultValues: defaults(title),
    resolver: zodFormResolver(isEdit ? titleUpdateSchema : titleCreateSchema, toPayload, { is_series: 'type' }) as any,
  });
  useEffect(() => reset(defaults(title)), [title, reset]);
  const unsaved = useUnsavedChanges(isDirty);
  const mutation = useMutation({
    mutationFn: (payload: unknown) => (isEdit ? api.put<{ title: Title }>(`titles/${title!.id}`, payload) : api.post<{ title: Title }>('titles', payload)),
    onSuccess: async (r) => {
      await cache(r.title);
      toast(isEdit ? trans('Title updated') : trans('Title created'));
      unsaved.release();
      if (!isEdit) navigate(`/admin/titles/${r.title.id}/edit/primary-facts`);
    },
    onError: (e) => showFormError(e, setError, { fieldMap: { is_series: 'type' } }),
  });
  return (
    <form noValidate onSubmit={handleSubmit((p) => mutation.mutate(isEdit ? changedOnly(p, dirtyFields, FIELD_OF) : p))} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
        <Select label={trans('Type')} error={errors.type?.message} options={[{ value: 'movie', label: trans('Movie') }, { value: 'series', label: trans('Series') }]} {...register('type')} />
        <TextField label={trans('Original title')} error={errors.original_title?.message} {...register('original_title')} />
        <DatePicker label={trans('Release date')} error={errors.release_date?.message} {...register('release_date')} />
      </div>
      <TextField label={trans('Tagline')} error={errors.tagline?.message} {...register('tagline')} />
      <TextArea label={trans('Overview')} rows={5} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label={trans('Runtime')} type="number" min={1} description={trans('In minutes')} error={errors.runtime?.message} {...register('runtime')} />
        <LookupSelect list="titleFilterAgeRatings" batch={LOOKUPS} current={title?.certification ?? undefined} label={trans('Certification')} error={errors.certification?.message} {...register('certification')} />
        <LookupSelect list="tmdbLanguages" batch={LOOKUPS} current={title?.language ?? undefined} label={trans('Language')} error={errors.language?.message} {...register('language')} />
        <TextField label={trans('Budget')} type="number" min={1} error={errors.budget?.message} {...register('budget')} />
        <TextField label={trans('Revenue')} type="number" min={1} error={errors.revenue?.message} {...register('revenue')} />
        <TextField label={trans('Popularity')} type="number" min={1} step="any" error={errors.popularity?.message} {...register('popularity')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={trans('Poster URL')} error={errors.poster?.message} {...register('poster')} />
        <TextField label={trans('Backdrop URL')} error={errors.backdrop?.message} {...register('backdrop')} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" variant="primary" disabled={mutation.isPending || (isEdit && !isDirty)}>{isEdit ? trans('Save') : trans('Create')}</Button>
        {title?.tmdb_id ? <p className="text-sm text-text-muted">{trans('What you change here is kept when the title is imported again from the movie database.')}</p> : null}
      </div>
      {unsaved.dialog}
    </form>
  );
}
