import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { localizationCreateSchema, type Localization } from '@app/contracts/localizations';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Select, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { useCreateLocalization, useLanguages, useUpdateLocalization } from './api';

interface Values { name: string; language: string }

/** 'Add new localization' when `localization` is null, otherwise its Edit modal. */
export function LocalizationFormModal({ open, localization, onClose }: { open: boolean; localization: Localization | null; onClose: () => void }) {
  const languages = useLanguages();
  const create = useCreateLocalization();
  const update = useUpdateLocalization(localization?.id ?? 0);
  const mutation = localization ? update : create;
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<Values>({
    defaultValues: { name: '', language: '' },
    resolver: zodFormResolver(localizationCreateSchema) as any,
  });
  useEffect(() => {
    if (open) reset({ name: localization?.name ?? '', language: localization?.language ?? '' });
  }, [open, localization, reset]);

  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        toast(localization ? trans('Localization updated') : trans('Localization created'));
        close();
      },
      onError: (e) => showFormError(e, setError),
    });
  });

  const options = [
    { value: '', label: trans('Select a language') },
    ...(languages.data ?? []).map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })),
  ];
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={localization ? trans('Update localization') : trans('Add new localization')}
      onSubmit={onSubmit}
      label={localization ? trans('Save') : trans('Create')} pending={mutation.isPending}
    >
      <TextField label={trans('Name')} autoFocus required error={errors.name?.message} {...register('name')} />
      <Select label={trans('Language')} required options={options} error={errors.language?.message} disabled={languages.isLoading} {...register('language')} />
    </FormDialog>
  );
}
