import { useState } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import { APPEARANCE_IMAGE_KINDS } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ColorField } from '../../ui/ColorField';
import { FileField, TextArea, TextField } from '../../ui/fields';
import { getPath } from './api';
import { useAppearanceForm } from './AppearanceLayout';

/** The message of a field's error, looked up by its dotted name. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState();
  const e = getPath(errors, name) as { message?: string } | undefined;
  return e?.message ? trans(e.message) : undefined;
}

export function Text({ name, label, multiline, description }: { name: string; label: string; multiline?: boolean; description?: string }) {
  const { register } = useAppearanceForm();
  const error = useFieldError(name);
  return multiline
    ? <TextArea label={label} description={description} error={error} {...register(name)} />
    : <TextField label={label} description={description} error={error} {...register(name)} />;
}

export function Color({ name, label, optional, hint }: { name: string; label: string; optional?: boolean; hint?: string }) {
  const { control } = useAppearanceForm();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ColorField label={label} name={name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} error={error} optional={optional} hint={hint} />}
    />
  );
}

/** Uploads an image right away and puts its URL in the field (saved with the form). */
export function ImageField({ name, label, kind = 'image', description }: { name: string; label: string; kind?: (typeof APPEARANCE_IMAGE_KINDS)[number]; description?: string }) {
  const { watch, setValue } = useAppearanceForm();
  const value = String(watch(name) ?? '');
  const fieldError = useFieldError(name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    setError(undefined);
    const body = new FormData();
    body.append('file', file);
    try {
      const res = await api.post<{ url: string }>(`admin/appearance/images/${kind}`, body);
      setValue(name, res.url, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      setError(errorMessage(e, trans('Could not upload the image')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2" data-field={name}>
      {/* The drop zone carries the label, so the preview follows it: above, it would read as the previous field's. */}
      <FileField label={label} description={busy ? trans('Uploading…') : description} error={error ?? fieldError} onFile={upload} accept="image/png,image/jpeg,image/gif,image/webp" name={`${name}-upload`} disabled={busy} />
      {value && (
        <div className="flex items-center gap-3 rounded-md border border-border bg-bg-alt p-2" data-testid="image-preview">
          <img src={value} alt="" className="h-12 w-12 rounded object-contain" />
          <span className="min-w-0 flex-1 truncate text-xs text-text-muted">{value}</span>
          <Button size="sm" variant="text" onClick={() => setValue(name, '', { shouldDirty: true })}>{trans('Remove')}</Button>
        </div>
      )}
    </div>
  );
}
