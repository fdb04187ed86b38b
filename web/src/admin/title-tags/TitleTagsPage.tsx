import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Tags } from 'lucide-react';
import { titleTagSchema, type TitleTag } from '@app/contracts';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { useAuth } from '../../lib/auth';

type Kind = 'genre' | 'keyword';

function labels(kind: Kind) {
  return kind === 'genre'
    ? { title: trans('Genres'), one: trans('Genre'), plural: trans('genres'), add: trans('Add new genre'), edit: trans('Edit genre') }
    : { title: trans('Keywords'), one: trans('Keyword'), plural: trans('keywords'), add: trans('Add new keyword'), edit: trans('Edit keyword') };
}

function TitleTagsPage({ kind }: { kind: Kind }) {
  const { can } = useAuth();
  const l = labels(kind);
  const [editing, setEditing] = useState<TitleTag | 'new' | null>(null);
  const columns = useMemo<DataTableColumn<TitleTag>[]>(() => [
    { id: 'name', header: () => trans('Name'), sortKey: 'name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    { id: 'display_name', header: () => trans('Display name'), sortKey: 'display_name', cell: ({ row }) => row.original.display_name ?? '-' },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions', header: () => <span className="sr-only">{trans('Actions')}</span>, className: 'w-16 text-end',
      cell: ({ row }) => (
        <Button size="icon" variant="text" aria-label={trans('Edit :name', { name: row.original.name })} onClick={() => setEditing(row.original)}>
          <Pencil size={16} aria-hidden />
        </Button>
      ),
    },
  ], []);
  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{l.title}</PageTitle>
      <DataTable<TitleTag>
        key={kind}
        endpoint={`title-tags/${kind}`}
        resource="title-tags"
        columns={columns}
        canDelete={can('title_tags.delete')}
        searchLabel={trans('Search')}
        emptyState={{ title: trans('No :name have been created yet', { name: l.plural }), icon: <Tags size={40} /> }}
        noResultsState={{ title: trans('No matching :name', { name: l.plural }), description: trans('Try another search query or different filters') }}
        headerActions={() => <Button variant="primary" onClick={() => setEditing('new')}><Plus size={16} aria-hidden />{l.add}</Button>}
      />
      {editing && <TagModal kind={kind} tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function TagModal({ kind, tag, onClose }: { kind: Kind; tag: TitleTag | null; onClose: () => void }) {
  const l = labels(kind);
  const qc = useQueryClient();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<{ name: string; display_name: string }>({
    defaultValues: { name: tag?.name ?? '', display_name: tag?.display_name ?? '' },
    resolver: zodFormResolver(titleTagSchema) as any,
  });
  const save = useMutation({
    mutationFn: (payload: unknown) => (tag ? api.put(`title-tags/${kind}/${tag.id}`, payload) : api.post(`title-tags/${kind}`, payload)),
    onSuccess: async () => {
      toast(tag ? trans(':name updated', { name: l.one }) : trans(':name created', { name: l.one }));
      await qc.invalidateQueries({ queryKey: ['title-tags'] });
      onClose();
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <FormDialog open onOpenChange={(o) => !o && onClose()} title={tag ? l.edit : l.add} size="sm"
      onSubmit={handleSubmit((p) => save.mutate(p))} label={trans('Save')} pending={save.isPending}>
      <TextField label={trans('Name')} required description={trans('Unique identifier, stored in lower case.')} error={errors.name?.message} {...register('name')} />
      <TextField label={trans('Display name')} error={errors.display_name?.message} {...register('display_name')} />
    </FormDialog>
  );
}

export const GenresPage = () => <TitleTagsPage kind="genre" />;
export const KeywordsPage = () => <TitleTagsPage kind="keyword" />;
