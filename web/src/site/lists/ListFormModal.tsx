import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { listSaveSchema, type UserList } from '@app/contracts/lists';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Switch, TextArea, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { useSaveList } from './api';

interface ListFormValues { name: string; description: string; public: boolean }

const defaults = (list?: UserList | null): ListFormValues => ({ name: list?.name ?? '', description: list?.description ?? '', public: list?.public ?? false });

/** New list (no list) and Edit list modal; `onSaved` gets the saved list (the Add to list menu adds the title to it). */
export function ListFormModal({ open, list, onOpenChange, onSaved }: {
  open: boolean; list?: UserList | null; onOpenChange: (open: boolean) => void; onSaved?: (list: UserList) => void;
}) {
  const isEdit = !!list;
  const form = useForm<ListFormValues>({ defaultValues: defaults(list), resolver: zodFormResolver(listSaveSchema) as never });
  const { register, handleSubmit, setError, reset, formState: { errors } } = form;
  useEffect(() => { if (open) reset(defaults(list)); }, [open, list, reset]);
  const save = useSaveList(list);

  const submit = handleSubmit((values) => save.mutate(values, {
    onSuccess: (res) => { onOpenChange(false); onSaved?.(res.list); },
    onError: (e) => showFormError(e, setError),
  }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? trans('Edit list') : trans('New list')}
      onSubmit={submit}
      label={isEdit ? trans('Save') : trans('Create')} pending={save.isPending}
    >
      <TextField label={trans('Name')} required autoFocus error={errors.name?.message} {...register('name')} />
      <TextArea label={trans('Description')} rows={3} error={errors.description?.message} {...register('description')} />
      <Switch label={trans('Public')} description={trans('Anyone with the link can see a public list.')} error={errors.public?.message} {...register('public')} />
    </FormDialog>
  );
}
