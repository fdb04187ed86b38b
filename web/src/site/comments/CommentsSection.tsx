import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { anchoredCommentId, commentAnchor } from '@app/contracts/site-routes';
import type { Comment, CommentableType } from '@app/contracts/comments';
import type { PaginationResponse } from '@app/contracts/list';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/Toast';
import { CommentForm } from './CommentForm';
import { LinkifiedText } from './LinkifiedText';
import { AuthorLink, memberName } from '../profiles/AuthorLink';
import { Avatar } from '../../ui/Avatar';
import { SignInPrompt } from '../ui/SignInPrompt';
import { nextPage } from '../../lib/next-page';
import { ReportDialog } from '../ui/ReportDialog';
import { EditedMark } from '../ui/EditedMark';
import { cn } from '../../ui/cn';
import { InlineLoadError } from '../ErrorPages';
import { PAGE_WIDTH } from '../ui/page-width';

type Target = { type: CommentableType; id: number };

/**
 * Replies indent under what they answer for this many levels; deeper ones line up with the last indented level and
 * say whom they answer, so a long back-and-forth stays readable on a phone.
 */
const INDENTED_LEVELS = 4;

/** Where a list of comments sits in its thread: its depth (0 for the top level) and whom its comments answer. */
type Level = { depth: number; replyingTo?: string };

/**
 * One level of a thread, 15 comments a page with "Show more": the top level newest first, a comment's replies oldest
 * first and only when opened, so a thread of thousands never renders more than the pages asked for.
 */
function CommentList({ target, parentId, level = { depth: 0 } }: { target: Target; parentId?: number; level?: Level }) {
  const params = { commentable_type: target.type, commentable_id: target.id, ...(parentId ? { parent_id: parentId } : {}) };
  const query = useInfiniteQuery({
    queryKey: ['comment', 'thread', params],
    queryFn: ({ pageParam }) => api.get<PaginationResponse<Comment>>('comment/thread', { ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
  });
  const comments = query.data?.pages.flatMap((p) => p.pagination.data) ?? [];
  if (query.isError) return <InlineLoadError error={query.error} message={trans('There was an issue. Please try again.')} retry={() => query.refetch()} />;
  // The first page's line keeps the room "No comments yet" or the first comment takes (nothing moves below it).
  if (!parentId && query.isPending) return <div className="skeleton h-5 w-32" />;
  if (!parentId && query.data && !comments.length) return <p className="text-sm text-text-muted">{trans('No comments yet')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {comments.map((c) => <li key={c.id}><CommentItem comment={c} target={target} level={level} /></li>)}
      </ul>
      {query.hasNextPage ? (
        <Button size="sm" variant="text" className="self-start" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {parentId ? trans('Show more replies') : trans('Show more comments')}
        </Button>
      ) : null}
    </div>
  );
}

function CommentItem({ comment: c, target, level }: { comment: Comment; target: Target; level: Level }) {
  const { isLoggedIn, user } = useAuth();
  const qc = useQueryClient();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['comment', 'thread'] });
  const fail = (e: unknown) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
  const remove = useMutation({ mutationFn: () => api.delete(`comment/${c.id}`), onSuccess: () => { setConfirming(false); toast(trans('Comment deleted')); void refresh(); }, onError: fail });
  const [reporting, setReporting] = useState(false);
  const own = !!user && c.user_id === user.id;
  // A reply or an edit form that closes hands focus back to the button that opened it (it was lost with the form).
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [back, setBack] = useState<'reply' | 'edit' | null>(null);
  useEffect(() => {
    if (mode !== 'view' || !back) return;
    (back === 'reply' ? replyButton : editButton).current?.focus();
    setBack(null);
  }, [mode, back]);
  const closeForm = () => { setBack(mode === 'view' ? null : mode); setMode('view'); };
  return (
    <article
      className={cn('flex flex-col gap-1', level.depth < INDENTED_LEVELS ? 'border-s-2 border-border ps-3' : 'border-t border-border pt-2')} data-testid="comment" aria-label={c.deleted ? trans('Deleted comment') : trans('Comment by :name', { name: memberName(c.user) })}>
      {c.deleted ? (
        <p className="text-sm italic text-text-muted">{trans('This comment was deleted.')}</p>
      ) : (
        <>
          <p className="flex items-center gap-1.5 text-xs text-text-muted">
            <Avatar src={c.user?.avatar} label={memberName(c.user)} size={20} />
            <AuthorLink userId={c.user?.id} hasProfile={c.user?.has_profile} className="font-medium text-text">{memberName(c.user)}</AuthorLink>
            <span aria-hidden>·</span>{formatDate(c.created_at)}
            <EditedMark createdAt={c.created_at} updatedAt={c.updated_at} />
          </p>
          {level.depth >= INDENTED_LEVELS && level.replyingTo
            ? <p className="text-xs text-text-muted">{trans('Replying to :name', { name: level.replyingTo })}</p>
            : null}
          {mode === 'edit'
            ? <CommentForm target={target} editing={c} label={trans('Edit comment')} onDone={(saved) => { closeForm(); if (saved) void refresh(); }} />
            : <LinkifiedText text={c.content ?? ''} className="whitespace-pre-line text-sm" />}
          {isLoggedIn && mode === 'view' ? (
            <div className="flex flex-wrap gap-1 text-sm">
              <Button ref={replyButton} size="sm" variant="text" onClick={() => setMode('reply')}>{trans('Reply')}</Button>
              {own ? <Button ref={editButton} size="sm" variant="text" onClick={() => setMode('edit')}>{trans('Edit')}</Button> : null}
              {own ? <Button size="sm" variant="text" disabled={remove.isPending} onClick={() => setConfirming(true)}>{trans('Delete')}</Button> : null}
              {!own ? <Button size="sm" variant="text" onClick={() => setReporting(true)}>{trans('Report')}</Button> : null}
            </div>
          ) : null}
        </>
      )}
      {mode === 'reply' ? (
        <CommentForm target={target} parentId={c.id} label={trans('Write a reply')} onDone={(saved) => { closeForm(); if (saved) { setOpen(true); void refresh(); } }} />
      ) : null}
      {c.replies_count > 0 ? (
        <Button size="sm" variant="text" className="self-start" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? trans('Hide replies') : trans('[one Show 1 reply|other Show :count replies]', { count: c.replies_count })}
        </Button>
      ) : null}
      {open ? <div className="mt-2"><CommentList target={target} parentId={c.id} level={{ depth: level.depth + 1, replyingTo: c.user ? memberName(c.user) : undefined }} /></div> : null}
      <ReportDialog open={reporting} onOpenChange={setReporting} path={`comment/${c.id}/report`} title={trans('Report comment')} done={trans('Comment reported')} />
      <ConfirmDialog
        open={confirming} onOpenChange={setConfirming} title={trans('Delete comment')} body={trans('Your comment will be deleted.')}
        confirm={trans('Delete')} danger pending={remove.isPending} onConfirm={() => remove.mutate()}
      />
    </article>
  );
}

/**
 * The comment the address points at (`#comment-77`, a reply notification's link) under the comments it answers, above
 * the thread: the reply would otherwise sit pages deep in it, behind "Show replies". Nothing for a comment of
 * another page or one that is gone.
 */
function LinkedConversation({ target, id }: { target: Target; id: number }) {
  const query = useQuery({
    queryKey: ['comment', 'thread', 'context', id],
    queryFn: () => api.get<{ comments: Comment[] }>(`comment/${id}/context`),
    retry: false,
  });
  const chain = query.data?.comments ?? [];
  const here = chain.length > 0 && chain[0].commentable_type === target.type && chain[0].commentable_id === target.id;
  useEffect(() => {
    if (here) document.getElementById(commentAnchor(id))?.scrollIntoView({ block: 'center' });
  }, [here, id]);
  if (!here) return null;
  return (
    <section aria-label={trans('Linked comment')} className="flex flex-col gap-3 rounded-lg border border-border bg-bg-alt p-3" data-testid="linked-comment">
      <ul className="flex flex-col gap-3">
        {chain.map((c, i) => (
          <li
            key={c.id} id={c.id === id ? commentAnchor(id) : undefined} style={{ marginInlineStart: `${Math.min(i, INDENTED_LEVELS) * 0.75}rem` }}
            className={cn('scroll-mt-24', c.id === id && 'rounded-md ring-2 ring-primary ring-offset-4 ring-offset-bg-alt')}
          >
            <CommentItem comment={c} target={target} level={{ depth: i, replyingTo: i > 0 ? memberName(chain[i - 1].user) : undefined }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Comments of a title, episode, video or news article: a form for signed-in visitors and the paged thread. A page
 * section of its own (the title and episode pages) unless `inColumn`: inside a column that already has its width and
 * padding (the watch page, a news article), where a second container indented it.
 */
export function CommentsSection({ type, id, inColumn = false }: Target & { inColumn?: boolean }) {
  const { isLoggedIn } = useAuth();
  const qc = useQueryClient();
  const target = { type, id };
  const linked = anchoredCommentId(useLocation().hash);
  return (
    <section aria-labelledby="section-comments" className={inColumn ? 'py-6' : cn(PAGE_WIDTH, 'py-6')} data-section="comments">
      <h2 id="section-comments" className="mb-4 text-xl font-semibold">{trans('Comments')}</h2>
      <div className="flex flex-col gap-4">
        {isLoggedIn
          ? <CommentForm target={target} label={trans('Write a comment')} onDone={() => void qc.invalidateQueries({ queryKey: ['comment', 'thread'] })} />
          : <SignInPrompt>{trans('Sign in to comment.')}</SignInPrompt>}
        {linked ? <LinkedConversation target={target} id={linked} /> : null}
        <CommentList target={target} />
      </div>
    </section>
  );
}
