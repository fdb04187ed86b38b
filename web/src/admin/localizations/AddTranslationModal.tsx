import { useForm } from 'react-hook-form';
import { translationLineSchema, type TranslationLine } from '@app/contracts/localizations';
import { trans } from '../../lib/i18n';
import { zodFormResolver } from '../../lib/zod-resolver';
import { TextArea, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';

/** 'Add new translation': key and value, both required; `exists` refuses a key the localization has. */
export function AddTranslationModal({ open, onClose, onAdd, exists }: {
  open: boolean;
  onClose: () => void;
  onAdd: (line: TranslationLine) => void;
  exists: (key: string) => boolean;
}) {
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<TranslationLine>({
    defaultValues: { key: '', value: '' },
    resolver: zodFormResolver(translationLineSchema),
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit((line) => {
    if (exists(line.key)) {
      setError('key', { message: trans('A translation with this key already exists.') }, { shouldFocus: true });
      return;
    }
    onAdd(line);
    close();
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={trans('Add new translation')}
      onSubmit={onSubmit}
      label={trans('Add')}
    >
      <TextField label={trans('Translation key')} autoFocus required error={errors.key?.message} {...register('key')} />
      <TextArea label={trans('Translation value')} required rows={3} error={errors.value?.message} {...register('value')} />
    </FormDialog>
  );
}
