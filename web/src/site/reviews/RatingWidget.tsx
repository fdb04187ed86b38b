import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatableType, RatingSummary } from '@app/contracts/reviews';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';
import { cn } from '../../ui/cn';
import { SignInPrompt } from '../ui/SignInPrompt';

interface RatingState { summary: RatingSummary; my_score: number | null }

/** The item's local average and count (kept by the server), and for a signed-in visitor a 1-10 choice to rate, change or remove. */
export function RatingWidget({ type, id, guestPrompt }: { type: RatableType; id: number; /** What a guest is invited to sign in for. */ guestPrompt?: string }) {
  const { isLoggedIn } = useAuth();
  const qc = useQueryClient();
  const key = ['ratings', type, id];
  const query = useQuery({ queryKey: key, queryFn: () => api.get<RatingState>(`ratings/${type}/${id}`) });
  const mutation = useMutation({
    mutationFn: (score: number | null) => (score === null ? api.delete<RatingState>(`ratings/${type}/${id}`) : api.put<RatingState>(`ratings/${type}/${id}`, { score })),
    onSuccess: (data) => qc.setQueryData(key, data),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const s = query.data?.summary;
  const mine = query.data?.my_score ?? null;
  return (
    <div className="flex flex-col gap-2" data-testid="rating-widget">
      <p className="text-sm" aria-live="polite">
        {s?.count
          ? <><span className="font-semibold">★ {s.average?.toFixed(1)}</span> <span className="text-text-muted">{trans('[one 1 member rating|other :count member ratings]', { count: s.count })}</span></>
          : <span className="text-text-muted">{trans('No member ratings yet')}</span>}
      </p>
      {isLoggedIn ? (
        <div className="flex flex-wrap items-center gap-1" role="radiogroup" aria-label={trans('Your rating')}>
          {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
            <button
              key={n} type="button" role="radio" aria-checked={mine === n} disabled={mutation.isPending}
              aria-label={trans('Rate :score out of 10', { score: n })}
              onClick={() => mutation.mutate(n)}
              className={cn('h-8 w-8 rounded border text-sm', mine !== null && n <= mine ? 'border-primary bg-primary text-on-primary' : 'border-border hover:bg-hover')}
            >{n}</button>
          ))}
          {mine !== null ? <button type="button" className="ms-2 text-sm text-text-muted underline" onClick={() => mutation.mutate(null)}>{trans('Remove rating')}</button> : null}
        </div>
      ) : <SignInPrompt>{guestPrompt ?? trans('Sign in to rate.')}</SignInPrompt>}
    </div>
  );
}
