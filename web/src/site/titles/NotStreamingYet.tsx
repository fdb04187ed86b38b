import { BellPlus, BellRing } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { useLoginRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { useToggleWatchlist, useWatchlistIds } from '../lists/api';
import { HERO_ACTION } from '../ui/PlayButtons';

/*
 * A title nobody can play here yet says so, and offers to tell the visitor when they can: "Notify me when it streams"
 * puts it on their watchlist, whose members hear when a title gets its first full video (the "Now streaming"
 * notification). A visitor is sent to sign in first.
 */

function useOnWatchlist(titleId: number): boolean {
  return useWatchlistIds()?.has(titleId) ?? false;
}

/** The line above the hero's actions. */
export function NotStreamingNote({ titleId }: { titleId: number }) {
  const on = useOnWatchlist(titleId);
  return (
    <p className="text-sm text-text-muted">
      {on ? trans('Not streaming here yet. It is on your watchlist, so you will hear when it is.') : trans('Not streaming here yet.')}
    </p>
  );
}

/** In Play's place: a toggle of the title on the watchlist. */
export function NotifyMeButton({ titleId }: { titleId: number }) {
  const { user } = useAuth();
  const toggle = useToggleWatchlist();
  const toLogin = useLoginRedirect();
  const on = useOnWatchlist(titleId);
  return (
    <button
      type="button"
      aria-pressed={user ? on : undefined}
      disabled={toggle.isPending}
      onClick={() => (user ? toggle.mutate({ titleId, on: !on }) : toLogin())}
      className={buttonClass(on ? 'outline' : 'primary', 'md', cn(HERO_ACTION, on && 'text-primary'))}
    >
      {on ? <BellRing size="1.125rem" aria-hidden /> : <BellPlus size="1.125rem" aria-hidden />}
      {trans('Notify me when it streams')}
    </button>
  );
}
