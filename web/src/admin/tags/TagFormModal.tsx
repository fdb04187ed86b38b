import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSystemTagType, SELECTABLE_TAG_TYPES, tagSchema, type Tag } from '@app/contracts/tags';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Select, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { tagTypeLabel } from './TagsPage';

interface TagFormValues { name: string; display_name: string; type: string }

const defaults = (tag?: Tag | null): TagFormValues => ({ name: tag?.name ?? '', display_name: tag?.display_name ?? '', type: tag?.type ?? 'custom' });

/** Add (no tag) and Update (a tag) modal. */
export function TagFormModal({ open, tag, onOpenChange }: { open: boolean; tag?: Tag | null; onOpenChange: (open: boolean) => void }) {
  const isEdit = !!tag;
  const qc = useQueryClient();
  const form = useForm<TagFormValues>({ defaultValues: defaults(tag), resolver: zodFormResolver(tagSchema) as any });
  const { register, handleSubmit, setError, reset, formState: { errors } } = form;
  useEffect(() => { if (open) reset(defaults(tag)); }, [open, tag, reset]);

  const mutation = useMutation({
    mutationFn: (payload: unknown) => (isEdit ? api.put<{ tag: Tag }>(`tags/${tag!.id}`, payload) : api.post<{ tag: Tag }>('tags', payload)),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.all('tags') });
      toast(isEdit ? trans('Tag updated') : trans('Tag created'));
      onOpenChange(false);
    },
    onError: (e) => showFormError(e, setError),
  });

  // System types cannot be chosen; a tag that already has one shows it, locked.
  const locked = isEdit && isSystemTagType(tag!.type);
  const typeOptions = (locked ? [tag!.type] : SELECTABLE_TAG_TYPES).map((t) => ({ value: t, label: tagTypeLabel(t) }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? trans('Update “:name“ tag', { name: tag!.name }) : trans('Add new tag')}
      onSubmit={handleSubmit((payload) => mutation.mutate(payload))}
      label={isEdit ? trans('Save') : trans('Create')} pending={mutation.isPending}
    >
      <TextField
        label={trans('Name')}
        required
        autoFocus
        description={trans('Unique identifier of the tag.')}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={trans('Display name')}
        description={trans('User friendly tag name. Defaults to the name.')}
        error={errors.display_name?.message}
        {...register('display_name')}
      />
      <Select label={trans('Type')} disabled={locked} options={typeOptions} error={errors.type?.message} {...register('type')} />
    </FormDialog>
  );
}
