import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import type { ListItem } from '@app/contracts/lists';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { PageError, PageSkeleton } from '../titles/PageState';
import { useListPage, useToggleWatchlist } from './api';
import { ListHeader, ListItemsSection } from './ListView';

/** /watchlist — the signed-in user's watchlist, newest first, with a remove button on every card. */
export function Component() {
  useDocumentTitle(trans('Watchlist'));
  const query = useListPage('watchlist');
  const toggle = useToggleWatchlist();
  const first = query.data?.pages[0];
  if (query.isError) return <PageError error={query.error} />;
  if (!first) return <PageSkeleton />;
  const empty = (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Bookmark size="2.5rem" aria-hidden className="text-text-muted" />
      <h2 className="text-xl font-semibold">{trans('Your watchlist is empty')}</h2>
      <p className="max-w-md text-text-muted">{trans('Add movies and series you want to watch later: they will show up here, and you will be notified when a series on it has a new episode out.')}</p>
      <Link to="/movies" className={buttonClass('primary', 'md', 'mt-2')}>{trans('Browse movies')}</Link>
    </div>
  );
  return (
    <article>
      <ListHeader data={first} />
      <ListItemsSection query={query} label={trans('Watchlist')} empty={empty} onRemove={(item: ListItem) => toggle.mutate({ titleId: item.id, on: false })} />
    </article>
  );
}
