import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Title } from '@app/contracts';
import { useAuth, type PermissionNeed } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { TabNav } from '../../ui/Tabs';
import { PageTitle } from '../PageTitle';
import { TITLE_SECTIONS } from '../section-permissions';
import { useTitle } from './api';
import { PrimaryFactsForm } from './PrimaryFactsForm';
import { ReviewsTable } from '../reviews/ReviewsTable';
import { InsightsLink } from '../reports/InsightsLink';
import { CommentsTable } from '../comments/CommentsTable';

export function useTitleContext() {
  return useOutletContext<{ title: Title }>();
}

function titleTabs(title: Title | null, can: (need: PermissionNeed) => boolean) {
  const base = title ? `/admin/titles/${title.id}/edit` : '';
  const tab = (path: string, label: string) => ({ to: `${base}/${path}`, label, disabled: !title });
  // Sections read through other resources' calls show only to those who may make them (not as a list that fails).
  const tabs = [
    { to: title ? `${base}/primary-facts` : '/admin/titles/new', label: trans('Primary facts') },
    can(TITLE_SECTIONS.reviews) && tab('reviews', trans('Reviews')),
    can(TITLE_SECTIONS.comments) && tab('comments', trans('Comments')),
    tab('images', trans('Images')),
    tab('genres', trans('Genres')),
    tab('keywords', trans('Keywords')),
    tab('countries', trans('Countries')),
    tab('tags', trans('Tags')),
    tab('cast', trans('Cast')),
    tab('crew', trans('Crew')),
    can(TITLE_SECTIONS.videos) && tab('videos', trans('Videos')),
    // Seasons are hidden for movies, and for a title not created yet (its type is chosen in its facts).
    title?.is_series && can(TITLE_SECTIONS.seasons) && tab('seasons', trans('Seasons')),
  ];
  return tabs.filter((t) => typeof t === 'object');
}

function Shell({ title, children }: { title: Title | null; children: React.ReactNode }) {
  const { can } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 desk:p-8">
      <Link to="/admin/titles" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
        <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Titles')}
      </Link>
      <PageTitle actions={title && can(TITLE_SECTIONS.insights) && <InsightsLink to={`/admin/titles/${title.id}/insights`} />}>{title ? title.name : trans('New title')}</PageTitle>
      <TabNav label={trans('Title sections')} tabs={titleTabs(title, can)} disabledHint={trans('Save the title first')} />
      {children}
    </div>
  );
}

/** titles/new: only primary facts; the other tabs wait until the title exists. */
export function NewTitlePage() {
  return <Shell title={null}><PrimaryFactsForm /></Shell>;
}

/** titles/{id}/edit/*: loads the title once and hands it to every tab. */
export function Component() {
  const { titleId } = useParams();
  const query = useTitle(titleId);
  if (query.isPending) {
    return <div className="mx-auto w-full max-w-5xl p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-8 w-64" /></div>;
  }
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return <Shell title={query.data}><Outlet context={{ title: query.data }} /></Shell>;
}

export function PrimaryFactsTab() {
  const { title } = useTitleContext();
  return <PrimaryFactsForm title={title} />;
}

/** The title's own reviews and comments, with the moderation lists' actions. */
export function ReviewsTab() {
  return <ReviewsTable titleId={useTitleContext().title.id} />;
}
export function CommentsTab() {
  return <CommentsTable titleId={useTitleContext().title.id} />;
}
