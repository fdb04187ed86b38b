import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentUpdateSchema, type Comment } from '@app/contracts/comments';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { TextArea } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';

/** `PUT comment/{id}` (content) → "Comment updated". */
export function CommentEditModal({ comment, onClose }: { comment: Comment | null; onClose: () => void }) {
  const qc = useQueryClient();
  const form = useForm<{ content: string }>({ defaultValues: { content: comment?.content ?? '' }, resolver: zodFormResolver(commentUpdateSchema) as never });
  const { register, handleSubmit, setError, reset, formState: { errors } } = form;
  useEffect(() => { if (comment) reset({ content: comment.content ?? '' }); }, [comment, reset]);
  const mutation = useMutation({
    mutationFn: (payload: { content: string }) => api.put<{ comment: Comment }>(`comment/${comment!.id}`, payload),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.all('comment') });
      toast(trans('Comment updated'));
      onClose();
    },
    onError: (e) => showFormError(e, setError),
  });
  return (
    <FormDialog
      open={!!comment}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Update comment')}
      onSubmit={handleSubmit((p) => mutation.mutate(p))}
      label={trans('Save')} pending={mutation.isPending}
    >
      <TextArea label={trans('Content')} rows={5} required autoFocus error={errors.content?.message} {...register('content')} />
    </FormDialog>
  );
}
