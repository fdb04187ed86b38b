import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { KNOWN_FOR, PERSON_DEFAULTS, personCreateSchema, personUpdateSchema, type Person, type PersonCredit } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { LoadError } from '../../site/ErrorPages';
import { SimpleTable } from '../../ui/SimpleTable';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/DataTable';
import { Select, TextArea, TextField } from '../../ui/fields';
import { DatePicker } from '../../ui/DatePicker';
import { TabNav } from '../../ui/Tabs';
import { toast } from '../../ui/Toast';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { PosterUpload } from '../titles/PosterUpload';
import { changedOnly } from '../../lib/changed-fields';
import { PageTitle } from '../PageTitle';
import { usePersonPage } from './api';

interface Values {
  poster: string; name: string; known_for: string; birth_date: string; death_date: string; description: string;
  birth_place: string; gender: string; popularity: string;
}
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const defaults = (p?: Person): Values => ({
  poster: s(p?.poster), name: p?.name ?? '', known_for: p?.known_for ?? PERSON_DEFAULTS.known_for, birth_date: s(p?.birth_date),
  death_date: s(p?.death_date), description: s(p?.description), birth_place: s(p?.birth_place), gender: p?.gender ?? PERSON_DEFAULTS.gender,
  popularity: p ? s(p.popularity) : String(PERSON_DEFAULTS.popularity),
});
const toPayload = (v: Values) => ({ ...v, popularity: v.popularity.trim() === '' ? undefined : Number(v.popularity) });

function PersonForm({ person }: { person?: Person }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isEdit = !!person;
  const { register, handleSubmit, reset, setError, setValue, watch, formState: { errors, isDirty, dirtyFields } } = useForm<Values>({
    defaultValues: defaults(person),
    resolver: zodFormResolver(isEdit ? personUpdateSchema : personCreateSchema, toPayload) as any,
  });
  useEffect(() => reset(defaults(person)), [person, reset]);
  const unsaved = useUnsavedChanges(isDirty);
  const save = useMutation({
    mutationFn: (payload: unknown) => (isEdit ? api.put<{ person: Person }>(`people/${person!.id}`, payload) : api.post<{ person: Person }>('people', payload)),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: ['people'] });
      toast(isEdit ? trans('Person updated') : trans('Person created'));
      // After create: the new person's edit page; after update: back to the list (three levels up).
      unsaved.release();
      navigate(isEdit ? '/admin/people' : `/admin/people/${r.person.id}/edit`);
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <form noValidate className="flex max-w-3xl flex-col gap-5" onSubmit={handleSubmit((p) => save.mutate(isEdit ? changedOnly(p, dirtyFields) : p))}>
      <div className="flex items-end gap-4">
        {watch('poster') && <img src={watch('poster')} alt="" className="h-24 w-16 rounded object-cover" />}
        <TextField wrapperClassName="flex-1" label={trans('Poster URL')} error={errors.poster?.message} {...register('poster')} />
        <PosterUpload label={trans('Upload poster')} send={uploadPersonPoster} onUploaded={(url) => setValue('poster', url, { shouldDirty: true })} />
      </div>
      <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
      <Select label={trans('Known for')} required options={KNOWN_FOR.map((k) => ({ value: k, label: k }))} error={errors.known_for?.message} {...register('known_for')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <DatePicker label={trans('Birth date')} error={errors.birth_date?.message} {...register('birth_date')} />
        <DatePicker label={trans('Death date')} error={errors.death_date?.message} {...register('death_date')} />
      </div>
      <TextArea label={trans('Biography')} rows={4} error={errors.description?.message} {...register('description')} />
      <TextField label={trans('Birth place')} error={errors.birth_place?.message} {...register('birth_place')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select label={trans('Gender')} options={[{ value: 'female', label: trans('Female') }, { value: 'male', label: trans('Male') }]} error={errors.gender?.message} {...register('gender')} />
        <TextField label={trans('Popularity')} type="number" min={1} step="any" error={errors.popularity?.message} {...register('popularity')} />
      </div>
      {/* The form cannot be saved unless something changed. */}
      <div><Button type="submit" variant="primary" disabled={save.isPending || !isDirty}>{isEdit ? trans('Save') : trans('Create')}</Button></div>
      {unsaved.dialog}
    </form>
  );
}

function Back() {
  return <Link to="/admin/people" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text"><ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('People')}</Link>;
}

export function NewPersonPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 desk:p-8">
      <Back />
      <PageTitle>{trans('New person')}</PageTitle>
      <PersonForm />
    </div>
  );
}

type Ctx = { person: Person; credits: PersonCredit[] };

export function Component() {
  const { personId } = useParams();
  const query = usePersonPage(personId);
  if (query.isPending) return <div className="p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-8 w-64" /></div>;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const base = `/admin/people/${personId}/edit`;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 desk:p-8">
      <Back />
      <PageTitle>{trans('Edit “:name“', { name: query.data.person.name })}</PageTitle>
      <TabNav label={trans('Person sections')} tabs={[{ to: `${base}/primary-facts`, label: trans('Primary facts') }, { to: `${base}/credits`, label: trans('Credits') }]} />
      <Outlet context={query.data satisfies Ctx} />
    </div>
  );
}

export function PersonIndex() {
  return <Navigate to="primary-facts" replace />;
}

export function PersonPrimaryFacts() {
  const { person } = useOutletContext<Ctx>();
  return <PersonForm person={person} />;
}

export function PersonCredits() {
  const { person, credits } = useOutletContext<Ctx>();
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState<PersonCredit | null>(null);
  const remove = useMutation({
    mutationFn: (c: PersonCredit) => {
      const q = c.season ? `?season=${c.season}${c.episode ? `&episode=${c.episode}` : ''}` : '';
      return api.delete(`titles/${c.title_id}/credits/${c.pivot.id}${q}`);
    },
    onSuccess: async () => {
      toast(trans('Credit deleted'));
      setDeleting(null);
      await qc.invalidateQueries({ queryKey: queryKeys.detail('people', person.id) });
    },
    onError: (e) => { setDeleting(null); toast.danger(errorMessage(e, trans('Could not delete credit'))); },
  });
  const rows = useMemo(() => credits, [credits]);
  if (!rows.length) return <div className="rounded-md border border-border py-12"><EmptyState title={trans('No credits have been added yet')} /></div>;
  return (
    <div className="rounded-md border border-border px-3 py-1">
      <SimpleTable rows={rows} rowKey={(c) => c.pivot.id} columns={[
        {
          header: trans('Credit'),
          cell: (c) => <>
            <Link to={`/admin/titles/${c.title_id}/edit`} className="font-medium hover:underline">{c.name}</Link>
            <span className="ms-2 rounded bg-bg-alt px-1.5 py-0.5 text-xs text-text-muted">{c.is_series ? trans('Series') : trans('Movie')}</span>
            {c.season && <span className="ms-2 text-xs text-text-muted">S{c.season}{c.episode ? ` E${c.episode}` : ''}</span>}
          </>,
        },
        { header: trans('Year'), cell: (c) => c.year ?? '-' },
        { header: trans('Character'), cell: (c) => c.pivot.character || '-' },
        { header: trans('Department'), cell: (c) => c.pivot.department },
        { header: trans('Job'), cell: (c) => c.pivot.job },
        {
          header: trans('Actions'), hidden: true, className: 'py-0 text-end',
          cell: (c) => <Button size="icon" variant="text" aria-label={trans('Delete :name', { name: c.name })} onClick={() => setDeleting(c)}><Trash2 size={16} aria-hidden /></Button>,
        },
      ]} />
      <ConfirmDialog open={!!deleting} onOpenChange={(o) => !o && setDeleting(null)} title={trans('Delete credit')}
        body={trans('This will permanently remove the items and cannot be undone.')} confirm={trans('Delete')} danger
        pending={remove.isPending} onConfirm={() => remove.mutate(deleting!)} />
    </div>
  );
}

async function uploadPersonPoster(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ url: string }>('people/poster', form)).url;
}
