import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentUpdateSchema, type Comment } from '@app/contracts/comments';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { applyServerErrors, zodFormResolver } from '../../lib/zod-resolver';
import { TextArea } from '../../ui/fields';
import { DialogActions, Modal } from '../../ui/Modal';
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
    onError: (e) => {
      if (!applyServerErrors(e, setError)) toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    },
  });
  return (
    <Modal
      open={!!comment}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Update comment')}
      footer={<DialogActions onCancel={onClose} form="comment-edit-form" pending={mutation.isPending} label={trans('Save')} />}
    >
      <form id="comment-edit-form" onSubmit={handleSubmit((p) => mutation.mutate(p))} noValidate>
        <TextArea label={trans('Content')} rows={5} required autoFocus error={errors.content?.message} {...register('content')} />
      </form>
    </Modal>
  );
}
