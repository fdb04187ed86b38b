import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { Review, ReviewPublicPage } from '@app/contracts/reviews';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Pager } from '../../ui/Pager';
import { toast } from '../../ui/Toast';
import { cn } from '../../ui/cn';
import { Section } from '../titles/PageState';
import { RatingWidget } from './RatingWidget';
import { AuthorLink, memberName } from '../profiles/AuthorLink';
import { Avatar } from '../../ui/Avatar';
import { ReportDialog } from '../ui/ReportDialog';
import { EditedMark } from '../ui/EditedMark';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';

/**
 * The review form and its rules (zod) load when a member opens it, or points at or focuses the button that does:
 * reading the reviews needs neither.
 */
const loadReviewForm = () => import('./ReviewForm');
const ReviewForm = retryableLazy(loadReviewForm, (m) => m.ReviewForm);
const preload = { onPointerEnter: () => void loadReviewForm(), onFocus: () => void loadReviewForm() };

type Sort = 'helpful' | 'newest';

/** The title page's Reviews section: the rating, one's own review to write or edit, and everyone's, paged 15 at a time. */
export function TitleReviews({ titleId }: { titleId: number }) {
  const { isLoggedIn, user } = useAuth();
  const qc = useQueryClient();
  const [sort, setSort] = useState<Sort>('helpful');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const params = { reviewable_id: titleId, sort, page };
  const query = useQuery({
    queryKey: ['reviews', 'public', params],
    queryFn: () => api.get<ReviewPublicPage>('reviews/public', params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['reviews', 'public'] });
  const fail = (e: unknown) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
  // Pressing the pressed button again takes the vote back (DELETE), as on a video; the other one moves it.
  const vote = useMutation({
    mutationFn: ({ id, helpful, undo }: { id: number; helpful: boolean; undo: boolean }) => (undo
      ? api.delete(`reviews/${id}/vote`)
      : api.post(`reviews/${id}/vote`, { is_helpful: helpful })),
    onSuccess: refresh, onError: fail,
  });
  const [reporting, setReporting] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`reviews/${id}`),
    onSuccess: async () => { setDeleting(null); toast(trans('Review deleted')); await refresh(); },
    onError: fail,
  });

  const data = query.data;
  const mine = data?.my_review ?? null;
  // The form goes when it is done, and focus with it: a published review takes focus (the section's heading when it is
  // on another page of reviews); a cancelled form hands it back to the button that opened it.
  const [landing, setLanding] = useState<'saved' | 'cancelled' | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!landing || editing || (landing === 'saved' && !mine)) return;
    setLanding(null);
    const own = list.current?.querySelector<HTMLElement>('[data-own]');
    if (landing === 'cancelled') {
      (own?.querySelector<HTMLElement>('[data-edit]') ?? writeButton.current)?.focus();
      return;
    }
    const target = own ?? document.getElementById('section-reviews');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [landing, editing, mine]);
  const votes = new Map((data?.my_votes ?? []).map((v) => [v.review_id, v.is_helpful]));
  return (
    <Section id="reviews" title={trans('Reviews')}>
      <div className="flex flex-col gap-4">
        <RatingWidget type="title" id={titleId} guestPrompt={trans('Sign in to rate and review.')} />
        {isLoggedIn && editing ? (
          <LazyPart fallback={<div className="skeleton h-80 w-full" aria-busy="true" />}>
            <ReviewForm titleId={titleId} review={mine} onDone={(saved) => { setEditing(false); setLanding(saved ? 'saved' : 'cancelled'); void refresh(); }} />
          </LazyPart>
        ) : null}
        {isLoggedIn && !editing && data && !mine ? <Button ref={writeButton} className="self-start" {...preload} onClick={() => setEditing(true)}>{trans('Write a review')}</Button> : null}
        {/* Sorting means something from two reviews on. */}
        {(data?.pagination.total ?? 0) > 1 ? <div className="flex items-center gap-2 text-sm">
          <label htmlFor="review-sort" className="text-text-muted">{trans('Sort by')}</label>
          <select id="review-sort" className="h-8 rounded border border-border bg-bg-elevated px-2" value={sort} onChange={(e) => { setSort(e.target.value === 'newest' ? 'newest' : 'helpful'); setPage(1); }}>
            <option value="helpful">{trans('Most helpful')}</option>
            <option value="newest">{trans('Newest')}</option>
          </select>
        </div> : null}
        {data && !data.pagination.data.length ? <p className="text-text-muted">{trans('No reviews yet')}</p> : null}
        {/* Hidden while empty: read as "list, 0 items" after "No reviews yet". */}
        <ul ref={list} className="flex flex-col gap-4" hidden={!data?.pagination.data.length}>
          {data?.pagination.data.map((r) => {
            const own = r.user_id === user?.id;
            const myVote = votes.get(r.id);
            return (
              <li key={r.id} className="rounded-md border border-border p-4" data-testid="review" data-own={own || undefined}
                tabIndex={own ? -1 : undefined} aria-labelledby={own ? `review-${r.id}` : undefined}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`review-${r.id}`} dir="auto" className="font-semibold">{r.title}</h3>
                  <span className="text-sm font-semibold">★ {r.score}/10</span>
                </div>
                <p className="mt-1 flex items-center gap-1.5 text-xs text-text-muted">
                  <Avatar src={r.user?.avatar} label={memberName(r.user)} size={20} />
                  <AuthorLink userId={r.user?.id} hasProfile={r.user?.has_profile} className="font-medium text-text">{memberName(r.user)}</AuthorLink>
                  <span aria-hidden>·</span>{formatDate(r.created_at)}
                  <EditedMark createdAt={r.created_at} updatedAt={r.updated_at} />
                </p>
                <p dir="auto" className="mt-2 whitespace-pre-line">{r.body}</p>
                <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-text-muted">{trans(':helpful found this helpful, :not did not', { helpful: r.helpful_count, not: r.not_helpful_count })}</span>
                  {isLoggedIn && !own ? (
                    <>
                      <Button size="sm" variant="text" aria-pressed={myVote === true} className={cn(myVote === true && 'text-primary')} onClick={() => !vote.isPending && vote.mutate({ id: r.id, helpful: true, undo: myVote === true })} aria-label={trans('Helpful')}><ThumbsUp size="0.875rem" aria-hidden />{trans('Helpful')}</Button>
                      <Button size="sm" variant="text" aria-pressed={myVote === false} className={cn(myVote === false && 'text-primary')} onClick={() => !vote.isPending && vote.mutate({ id: r.id, helpful: false, undo: myVote === false })} aria-label={trans('Not helpful')}><ThumbsDown size="0.875rem" aria-hidden />{trans('Not helpful')}</Button>
                      <Button size="sm" variant="text" onClick={() => setReporting(r.id)}><Flag size="0.875rem" aria-hidden />{trans('Report')}</Button>
                    </>
                  ) : null}
                  {own ? (
                    <>
                      <Button size="sm" variant="text" data-edit {...preload} onClick={() => setEditing(true)}>{trans('Edit')}</Button>
                      <Button size="sm" variant="text" onClick={() => setDeleting(r)}>{trans('Delete')}</Button>
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        {data && data.pagination.last_page > 1 ? <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label={trans('Reviews pages')} /> : null}
      </div>
      <ReportDialog
        open={reporting !== null} onOpenChange={(o) => !o && setReporting(null)} path={`reviews/${reporting ?? 0}/report`} title={trans('Report review')} done={trans('Review reported')}
      />
      <ConfirmDialog
        open={!!deleting} onOpenChange={(o) => !o && setDeleting(null)} title={trans('Delete review')} body={trans('Your review will be deleted.')}
        confirm={trans('Delete')} danger pending={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Section>
  );
}
