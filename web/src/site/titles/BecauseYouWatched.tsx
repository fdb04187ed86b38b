import { useQuery } from '@tanstack/react-query';
import type { BecauseYouWatched } from '@app/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { PosterRow } from '../ui/PosterRow';

export const BECAUSE_YOU_WATCHED_KEY = ['titles', 'because-you-watched'] as const;

/** A home page row for the signed-in viewer: titles like the one they watched last. Nothing until they watch something. */
export function BecauseYouWatchedRow() {
  const { isLoggedIn, can } = useAuth();
  const enabled = isLoggedIn && can('titles.view');
  const { data } = useQuery({ queryKey: BECAUSE_YOU_WATCHED_KEY, queryFn: () => api.get<BecauseYouWatched>('titles/because-you-watched'), enabled });
  if (!enabled || !data?.title || !data.items.length) return null;
  return <PosterRow title={trans('Because you watched :name', { name: data.title.name })} titles={data.items} />;
}
