import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewFieldsSchema, type Review } from '@app/contracts/reviews';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { useDraftGuard } from '../../lib/unsaved-changes';

interface Values { score: number; title: string; body: string }

/** Write (POST reviews) or edit (PUT reviews/{id}) one's review of a title, with the spec's rules checked before sending. */
export function ReviewForm({ titleId, review, onDone }: { titleId: number; review: Review | null; onDone: (saved: boolean) => void }) {
  const qc = useQueryClient();
  // The score is the writer's rating: a new review starts from the one they gave, if any.
  const ratingKey = ['ratings', 'title', titleId];
  const rated = qc.getQueryData<{ my_score: number | null }>(ratingKey)?.my_score;
  const form = useForm<Values>({
    defaultValues: { score: review?.score ?? rated ?? 10, title: review?.title ?? '', body: review?.body ?? '' },
    resolver: zodFormResolver(reviewFieldsSchema) as never,
  });
  const { register, handleSubmit, setError, formState: { errors, isDirty } } = form;
  useDraftGuard(isDirty);
  const mutation = useMutation({
    mutationFn: (v: Values) => (review ? api.put(`reviews/${review.id}`, v) : api.post('reviews', { ...v, reviewable_type: 'title', reviewable_id: titleId })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ratingKey });
      toast(review ? trans('Review updated') : trans('Review created'));
      onDone(true);
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <form onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="flex flex-col gap-3 rounded-md border border-border p-4" aria-label={review ? trans('Edit your review') : trans('Write a review')}>
      <TextField label={trans('Score (1-10)')} type="number" min={1} max={10} required error={errors.score?.message} description={trans('It is also your rating of this title.')} {...register('score', { valueAsNumber: true })} />
      <TextField label={trans('Review title')} required error={errors.title?.message} {...register('title')} />
      <TextArea label={trans('Review')} rows={5} required error={errors.body?.message} {...register('body')} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={mutation.isPending}>{review ? trans('Save') : trans('Publish review')}</Button>
        <Button type="button" variant="text" onClick={() => onDone(false)}>{trans('Cancel')}</Button>
      </div>
    </form>
  );
}
