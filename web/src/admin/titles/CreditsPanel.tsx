import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { CREDITS_PER_PAGE, CREDIT_DEPARTMENTS, creditSchema, creditUpdateSchema, type PaginationResponse, type Person, type TitleCredit } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Autocomplete } from '../../ui/Autocomplete';
import { Pager } from '../../ui/Pager';
import { Button } from '../../ui/Button';
import { useConfirmedDelete } from '../../ui/use-confirmed-delete';
import { EmptyState } from '../../ui/DataTable';
import { Select, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { JobSelect } from './JobSelect';
import { Poster } from './Poster';
import { searchPeople } from './api';

export interface CreditsTarget {
  titleId: number;
  season?: number;
  episode?: number;
  crewType: 'cast' | 'crew';
}

/** Cast or crew of a title, a season or an episode: list, add, edit, delete and drag to reorder. */
export function CreditsPanel(target: CreditsTarget) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const params = { crewType: target.crewType, season: target.season, episode: target.episode, page, perPage: CREDITS_PER_PAGE };
  const key = ['credits', 'list', { titleId: target.titleId, ...params }];
  const query = useQuery({ queryKey: key, queryFn: () => api.get<PaginationResponse<TitleCredit>>(`titles/${target.titleId}/credits`, params) });
  const [editing, setEditing] = useState<TitleCredit | 'new' | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const credits = query.data?.pagination.data ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: ['credits'] });
  const where = { season: target.season, episode: target.episode };

  const remove = useConfirmedDelete<TitleCredit>({
    remove: (c) => api.delete(`titles/${target.titleId}/credits/${c.pivot.id}${target.season ? `?season=${target.season}${target.episode ? `&episode=${target.episode}` : ''}` : ''}`),
    refresh, done: trans('Credit deleted'), failed: trans('Could not delete credit'),
    title: trans('Delete credit'), body: trans('This will permanently remove the items and cannot be undone.'),
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => api.post('titles/credits/reorder', { ids }),
    onSettled: () => refresh(),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= credits.length || from === to) return;
    const next = [...credits];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    qc.setQueryData(key, { pagination: { ...query.data!.pagination, data: next } });
    reorder.mutate(next.map((c) => c.pivot.id));
  };

  const isCast = target.crewType === 'cast';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="primary" onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden />{isCast ? trans('Add cast member') : trans('Add crew member')}
        </Button>
      </div>
      {query.isPending ? (
        <div className="skeleton h-24 w-full" />
      ) : credits.length === 0 ? (
        <div className="rounded-md border border-border py-12"><EmptyState title={trans('No credits have been added yet')} icon={<Users size={40} />} /></div>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label={isCast ? trans('Cast') : trans('Crew')}>
          {credits.map((c, i) => (
            <li
              key={c.pivot.id}
              draggable
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => { if (dragged !== null) move(dragged, i); setDragged(null); }}
              // On a phone the buttons take a second line, so the name keeps room to be read.
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              data-testid="credit-row"
            >
              <GripVertical size={16} aria-hidden className="cursor-grab text-text-muted" />
              <Poster src={c.poster} alt="" className="h-10 w-8" />
              <div className="min-w-0 flex-1 basis-36">
                <div className="truncate font-medium">{c.name}</div>
                <div className="truncate text-xs text-text-muted">{isCast ? c.pivot.character || '-' : `${c.pivot.department} · ${c.pivot.job}`}</div>
              </div>
              <div className="ms-auto flex">
                <Button size="icon" variant="text" aria-label={trans('Move :name up', { name: c.name })} disabled={i === 0} onClick={() => move(i, i - 1)}><ArrowUp size={16} aria-hidden /></Button>
                <Button size="icon" variant="text" aria-label={trans('Move :name down', { name: c.name })} disabled={i === credits.length - 1} onClick={() => move(i, i + 1)}><ArrowDown size={16} aria-hidden /></Button>
                <Button size="icon" variant="text" aria-label={trans('Edit :name', { name: c.name })} onClick={() => setEditing(c)}><Pencil size={16} aria-hidden /></Button>
                <Button size="icon" variant="text" aria-label={trans('Delete :name', { name: c.name })} onClick={() => remove.ask(c)}><Trash2 size={16} aria-hidden /></Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={query.data?.pagination.last_page} onPage={setPage} label={trans('Credits pages')} />
      {editing && (
        <CreditModal target={target} where={where} credit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {remove.dialog}
    </div>
  );
}

interface CreditValues { person_id: number | undefined; department: string; job: string; character: string }

function CreditModal({ target, where, credit, onClose, onSaved }: {
  target: CreditsTarget; where: { season?: number; episode?: number }; credit: TitleCredit | null; onClose: () => void; onSaved: () => void;
}) {
  const isCast = target.crewType === 'cast';
  const [personName, setPersonName] = useState(credit?.name ?? '');
  const { register, handleSubmit, setValue, setError, watch, formState: { errors } } = useForm<CreditValues>({
    defaultValues: {
      person_id: credit?.id, department: credit?.pivot.department ?? (isCast ? 'Actors' : 'Directing'),
      job: credit?.pivot.job ?? (isCast ? 'Actor' : ''), character: credit?.pivot.character ?? '',
    },
    resolver: zodFormResolver(credit ? creditUpdateSchema : creditSchema, (v: CreditValues) => ({ ...v, ...where })) as any,
  });
  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) => (credit
      ? api.put(`titles/${target.titleId}/credits/${credit.pivot.id}`, { department: payload.department, job: payload.job, character: payload.character })
      : api.post(`titles/${target.titleId}/credits`, payload)),
    onSuccess: () => { toast(credit ? trans('Credit updated') : trans('Credit added')); onSaved(); onClose(); },
    onError: (e) => showFormError(e, setError),
  });
  const departments = CREDIT_DEPARTMENTS.filter((d) => (isCast ? d === 'Actors' : d !== 'Actors')).map((d) => ({ value: d, label: d }));
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={credit ? trans('Edit credit') : isCast ? trans('Add cast member') : trans('Add crew member')}
      onSubmit={handleSubmit((p) => save.mutate(p as unknown as Record<string, unknown>))}
      label={trans('Save')} pending={save.isPending}
    >
      {credit ? (
        <p className="text-sm font-medium">{credit.name}</p>
      ) : (
        <Autocomplete<Person>
          label={trans('Person')}
          resource="people"
          search={searchPeople}
          forbiddenText={trans('Your role cannot search people: it needs the "people.view" permission.')}
          itemKey={(p) => p.id}
          itemLabel={(p) => p.name}
          value={personName}
          onSelect={(p) => { setPersonName(p.name); setValue('person_id', p.id, { shouldValidate: true }); }}
          error={errors.person_id?.message}
        />
      )}
      {/* Another department has other jobs: the job is chosen again rather than kept from the old list. */}
      <Select label={trans('Department')} options={departments} error={errors.department?.message} {...register('department', { onChange: () => setValue('job', '') })} />
      <JobSelect department={watch('department')} value={watch('job')} onChange={(job) => setValue('job', job, { shouldValidate: true })} error={errors.job?.message} />
      {isCast && <TextField label={trans('Character')} error={errors.character?.message} {...register('character')} />}
    </FormDialog>
  );
}
