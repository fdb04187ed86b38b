import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, Film, ListVideo, MessageSquareText, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Pagination, ProfilePageData, ProfileReview, UserList } from '@app/contracts';
import { PROFILE_LISTS_LIMIT } from '@app/contracts/profiles';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { Avatar } from '../../ui/Avatar';
import { buttonClass } from '../../ui/Button';
import { Pager } from '../../ui/Pager';
import { ListCardGrid } from '../lists/ListCard';
import { PageError, PageSkeleton, Section } from '../titles/PageState';
import { titleUrl } from '../ui/urls';
import { memberName } from './AuthorLink';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

/** One review with the poster and name of the title it is about. */
function ReviewItem({ review }: { review: ProfileReview }) {
  const t = review.reviewable;
  return (
    <li className="flex gap-4 rounded-md border border-border bg-bg-elevated p-4" data-testid="profile-review">
      {t ? (
        <Link to={titleUrl(t)} className="w-16 shrink-0 sm:w-20" tabIndex={-1} aria-hidden>
          <span className="block aspect-[2/3] overflow-hidden rounded bg-bg-alt">
            {t.poster ? <img {...responsiveImage(t.poster, 'poster')} alt="" loading="lazy" className="h-full w-full object-cover" /> : <span className="flex h-full items-center justify-center text-text-muted"><Film size="1.25rem" /></span>}
          </span>
        </Link>
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm text-text-muted">
            {t ? <Link to={titleUrl(t)} className="font-medium text-text hover:underline">{t.name}</Link> : trans('Deleted title')}
            {t?.year ? <span> ({t.year})</span> : null}
          </p>
          <span className="rounded bg-primary px-2 py-0.5 text-sm font-semibold text-on-primary">★ {review.score}/10</span>
        </div>
        <h3 className="mt-1 font-semibold">{review.title}</h3>
        <p dir="auto" className="mt-1 line-clamp-6 whitespace-pre-line leading-relaxed">{review.body}</p>
        <p className="mt-2 text-xs text-text-muted">
          {formatDate(review.created_at)} · {trans(':helpful found this helpful, :not did not', { helpful: review.helpful_count, not: review.not_helpful_count })}
        </p>
      </div>
    </li>
  );
}

/** The reviews, newest first: page 1 comes with the page's data, later pages from `users/{id}/reviews`. */
function Reviews({ userId, first }: { userId: number; first: Pagination<ProfileReview> }) {
  const [page, setPage] = useState(1);
  const later = useQuery<Pagination<ProfileReview>>({
    queryKey: ['profile-reviews', userId, page],
    queryFn: ({ signal }) => api.get<{ pagination: Pagination<ProfileReview> }>(`users/${userId}/reviews`, { page }, signal).then((r) => r.pagination),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
  const shown = page > 1 ? later.data ?? first : first;
  return (
    <>
      <ul className="flex flex-col gap-4" aria-label={trans('Reviews')}>
        {shown.data.map((r) => <ReviewItem key={r.id} review={r} />)}
      </ul>
      <div className="mt-4"><Pager page={page} lastPage={first.last_page} onPage={setPage} label={trans('Reviews pages')} /></div>
    </>
  );
}

/** The public lists, newest change first: page 1 comes with the page's data, later pages from `users/{id}/lists`. */
function Lists({ userId, first, total }: { userId: number; first: UserList[]; total: number }) {
  const [page, setPage] = useState(1);
  const later = useQuery<Pagination<UserList>>({
    queryKey: ['profile-lists', userId, page],
    queryFn: ({ signal }) => api.get<{ pagination: Pagination<UserList> }>(`users/${userId}/lists`, { page }, signal).then((r) => r.pagination),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
  const shown = page > 1 ? later.data?.data ?? first : first;
  return (
    <>
      <ListCardGrid lists={shown} label={trans('Lists')} />
      <div className="mt-4"><Pager page={page} lastPage={Math.max(1, Math.ceil(total / PROFILE_LISTS_LIMIT))} onPage={setPage} label={trans('Lists pages')} /></div>
    </>
  );
}

/** /users/:id — a member's public profile: who they are, their public lists and their reviews. */
export function Component() {
  const id = positiveId(useParams().id);
  const query = usePageData<ProfilePageData>(id ? `users/${id}/profile` : null);
  useDocumentTitle(query.data ? memberName(query.data.user) : trans('Loading'));
  if (!id || query.isError) return <PageError error={query.error} />;
  if (!query.data) return <PageSkeleton />;
  const { user, lists, reviews, is_me } = query.data;
  const empty = !lists.length && !reviews.data.length;
  return (
    <article>
      <header className="border-b border-border bg-gradient-to-b from-bg-alt to-bg">
        <div className={cn(PAGE_WIDTH, 'flex flex-col items-center gap-5 py-10 text-center sm:flex-row sm:items-end sm:text-start')}>
          <Avatar src={user.avatar} label={memberName(user)} size={112} className="shadow-lg ring-4 ring-bg" />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <h1 className="text-3xl font-bold sm:text-4xl">{memberName(user)}</h1>
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-text-muted sm:justify-start">
              <li className="flex items-center gap-1.5"><CalendarDays size="1rem" aria-hidden />{trans('Member since :date', { date: formatDate(user.created_at) })}</li>
              <li className="flex items-center gap-1.5"><MessageSquareText size="1rem" aria-hidden />{trans('[one 1 review|other :count reviews]', { count: user.reviews_count })}</li>
              <li className="flex items-center gap-1.5"><ListVideo size="1rem" aria-hidden />{trans('[one 1 public list|other :count public lists]', { count: user.lists_count })}</li>
            </ul>
          </div>
          {is_me ? <Link to="/account-settings" className={buttonClass('outline')}><UserCog size="1rem" aria-hidden />{trans('Edit profile')}</Link> : null}
        </div>
      </header>
      {lists.length ? (
        <Section id="lists" title={trans('Lists')}>
          <Lists key={user.id} userId={user.id} first={lists} total={user.lists_count} />
        </Section>
      ) : null}
      {reviews.data.length ? (
        <Section id="reviews" title={trans('Reviews')}>
          <Reviews key={user.id} userId={user.id} first={reviews} />
        </Section>
      ) : null}
      {empty ? (
        <div className="mx-auto flex max-w-xl flex-col items-center gap-2 px-4 py-16 text-center">
          <h2 className="text-xl font-semibold">{trans('Nothing shared yet')}</h2>
          <p className="text-text-muted">{is_me
            ? trans('Your public lists and your reviews will show here.')
            : trans(':name has not shared any public lists or reviews yet.', { name: memberName(user) })}</p>
        </div>
      ) : null}
    </article>
  );
}
