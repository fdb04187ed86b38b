import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { COMMENT_MAX, type CommentableType } from '@app/contracts/comments-constants';
import type { Comment } from '@app/contracts/comments';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { useDraftGuard } from '../../lib/unsaved-changes';

/** Posts a comment or a reply (POST comment), or saves an edit (PUT comment/{id}). */
export function CommentForm(props: {
  target: { type: CommentableType; id: number };
  parentId?: number;
  editing?: Comment;
  label: string;
  onDone: (saved: boolean) => void;
}) {
  const [text, setText] = useState(props.editing?.content ?? '');
  const [error, setError] = useState('');
  useDraftGuard(text.trim() !== (props.editing?.content ?? '').trim());
  const box = useRef<HTMLTextAreaElement>(null);
  // A reply or an edit opens by a button press: typing starts in the box, and Escape puts the button back.
  const inline = !!(props.parentId || props.editing);
  const mutation = useMutation({
    mutationFn: () => (props.editing
      ? api.put(`comment/${props.editing.id}`, { content: text })
      : api.post('comment', { commentable_type: props.target.type, commentable_id: props.target.id, parent_id: props.parentId ?? null, content: text })),
    onSuccess: () => {
      if (props.editing) toast(trans('Comment updated'));
      setText('');
      setError('');
      // The top form stays: the next comment starts where the last one was written.
      if (!inline) box.current?.focus();
      props.onDone(true);
    },
    onError: (e) => {
      const message = errorMessage(e, trans('There was an issue. Please try again.'));
      setError(message);
      toast.danger(message);
    },
  });
  // isPending reaches the next render only: a double click's second submit comes before it, so a ref holds the send.
  const sending = useRef(false);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sending.current || mutation.isPending) return;
    if (!text.trim()) { setError(trans('The comment is required.')); return; }
    sending.current = true;
    mutation.mutate(undefined, { onSettled: () => { sending.current = false; } });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label className="sr-only" htmlFor={`comment-form-${props.editing?.id ?? props.parentId ?? 'new'}`}>{props.label}</label>
      <textarea
        id={`comment-form-${props.editing?.id ?? props.parentId ?? 'new'}`} ref={box} autoFocus={inline}
        onKeyDown={(e) => { if (inline && e.key === 'Escape') { e.preventDefault(); props.onDone(false); } }}
        value={text} onChange={(e) => setText(e.target.value)} maxLength={COMMENT_MAX} rows={props.parentId || props.editing ? 2 : 3}
        placeholder={props.label} aria-invalid={!!error || undefined}
        className="w-full rounded-md border border-border bg-bg-elevated p-2 text-sm"
      />
      {error ? <p className="text-sm text-danger" role="alert">{error}</p> : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" aria-disabled={mutation.isPending || undefined}>{props.editing ? trans('Save') : props.parentId ? trans('Reply') : trans('Post comment')}</Button>
        {inline ? <Button type="button" variant="text" size="sm" onClick={() => props.onDone(false)}>{trans('Cancel')}</Button> : null}
      </div>
    </form>
  );
}
