import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewFieldsSchema, type Review } from '@app/contracts/reviews';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { TextArea, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';

interface Values { score: number; title: string; body: string }

/** `PUT reviews/{id}` (score, title, body) → "Review updated". */
export function ReviewEditModal({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const qc = useQueryClient();
  const defaults = (r: Review | null): Values => ({ score: r?.score ?? 10, title: r?.title ?? '', body: r?.body ?? '' });
  const form = useForm<Values>({ defaultValues: defaults(review), resolver: zodFormResolver(reviewFieldsSchema) as never });
  const { register, handleSubmit, setError, reset, formState: { errors } } = form;
  useEffect(() => { if (review) reset(defaults(review)); }, [review, reset]);
  const mutation = useMutation({
    mutationFn: (payload: Values) => api.put<{ review: Review }>(`reviews/${review!.id}`, payload),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.all('reviews') });
      toast(trans('Review updated'));
      onClose();
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <FormDialog
      open={!!review}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Update review')}
      onSubmit={handleSubmit((p) => mutation.mutate(p))}
      label={trans('Save')} pending={mutation.isPending}
    >
      <TextField label={trans('Score')} type="number" min={1} max={10} required error={errors.score?.message} {...register('score', { valueAsNumber: true })} />
      <TextField label={trans('Title')} required error={errors.title?.message} {...register('title')} />
      <TextArea label={trans('Body')} rows={6} required error={errors.body?.message} {...register('body')} />
    </FormDialog>
  );
}
