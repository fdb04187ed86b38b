import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { useLoginRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { useToggleWatchlist, useWatchlistIds } from './api';

/**
 * The poster card's one-click watchlist button: shown on hover and keyboard focus (always, once the title is on the
 * watchlist). It reads the shared watchlist ids query, so a grid of cards asks the server once.
 */
export function WatchlistToggle({ titleId, name, tabIndex }: { titleId: number; name: string; tabIndex?: number }) {
  const { user } = useAuth();
  const ids = useWatchlistIds();
  const toggle = useToggleWatchlist();
  const toLogin = useLoginRedirect();
  const on = ids?.has(titleId) ?? false;
  const label = on ? trans('Remove :name from watchlist', { name }) : trans('Add :name to watchlist', { name });
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      aria-pressed={user ? on : undefined}
      aria-label={label}
      title={on ? trans('Remove from watchlist') : trans('Add to watchlist')}
      data-testid="watchlist-toggle"
      disabled={toggle.isPending}
      onClick={() => (user ? toggle.mutate({ titleId, on: !on }) : toLogin())}
      className={cn(
        'absolute end-2 top-2 z-10 flex h-9 w-9 items-center justify-center rounded-full bg-black/70 text-white shadow transition',
        'hover:bg-primary focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        on ? 'opacity-100' : 'opacity-0 group-hover/card:opacity-100 group-focus-within/card:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      {on ? <BookmarkCheck size="1.125rem" aria-hidden className="text-primary" /> : <Bookmark size="1.125rem" aria-hidden />}
    </button>
  );
}
