import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatableType, RatingSummary } from '@app/contracts/reviews';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';
import { cn } from '../../ui/cn';
import { radioGroup } from '../../ui/radio-group';
import { SignInPrompt } from '../ui/SignInPrompt';

interface RatingState { summary: RatingSummary; my_score: number | null }

const SCORES = Array.from({ length: 10 }, (_, i) => i + 1);
/** Arrow keys pass over scores on the way to one: it is saved once the keys rest this long (or focus leaves). */
const KEY_SAVE_DELAY_MS = 700;

/** The item's local average and count (kept by the server), and for a signed-in visitor a 1-10 choice to rate, change or remove. */
export function RatingWidget({ type, id, guestPrompt }: { type: RatableType; id: number; /** What a guest is invited to sign in for. */ guestPrompt?: string }) {
  const { isLoggedIn } = useAuth();
  const qc = useQueryClient();
  const key = ['ratings', type, id];
  const query = useQuery({ queryKey: key, queryFn: () => api.get<RatingState>(`ratings/${type}/${id}`) });
  const mutation = useMutation({
    mutationFn: (score: number | null) => (score === null ? api.delete<RatingState>(`ratings/${type}/${id}`) : api.put<RatingState>(`ratings/${type}/${id}`, { score })),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      // The rater's review of the title carries the same score (the server moved it): show the new one.
      if (type === 'title') void qc.invalidateQueries({ queryKey: ['reviews', 'public'] });
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const s = query.data?.summary;
  const mine = query.data?.my_score ?? null;
  const group = useRef<HTMLDivElement>(null);
  // "Remove rating" goes once it has done its work: focus moves to the scores' Tab stop rather than to <body>.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || mine !== null || mutation.isPending) return;
    setRefocus(false);
    group.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [refocus, mine, mutation.isPending]);
  // Not disabled while saving (that threw focus to <body>): the options say so and ignore presses until the answer.
  const rate = (score: number | null) => { if (!mutation.isPending) mutation.mutate(score); };
  // The score the arrow keys are on, shown at once and saved when they rest.
  const [draft, setDraft] = useState<number | null>(null);
  const pendingSave = useRef<{ timer: number; save: () => void } | null>(null);
  const takePending = () => {
    const pending = pendingSave.current;
    if (pending) window.clearTimeout(pending.timer);
    pendingSave.current = null;
    return pending;
  };
  const flushDraft = () => takePending()?.save();
  // A click or "Remove rating" decides instead of the keys.
  const dropDraft = () => { takePending(); setDraft(null); };
  const chooseByKey = (score: number) => {
    setDraft(score);
    takePending();
    const save = () => mutation.mutate(score, { onSettled: () => setDraft(null) });
    pendingSave.current = { save, timer: window.setTimeout(() => { pendingSave.current = null; save(); }, KEY_SAVE_DELAY_MS) };
  };
  // Leaving the page mid-choice still saves it.
  const flushOnUnmount = useRef(flushDraft);
  flushOnUnmount.current = flushDraft;
  useEffect(() => () => flushOnUnmount.current(), []);
  const shown = draft ?? mine;
  const radio = radioGroup({ options: SCORES, value: shown, choose: chooseByKey, busy: mutation.isPending });
  return (
    <div className="flex flex-col gap-2" data-testid="rating-widget">
      <p className="text-sm" aria-live="polite">
        {s?.count
          ? <><span className="font-semibold">★ {s.average?.toFixed(1)}</span> <span className="text-text-muted">{trans('[one 1 member rating|other :count member ratings]', { count: s.count })}</span></>
          : <span className="text-text-muted">{trans('No member ratings yet')}</span>}
      </p>
      {isLoggedIn ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <div
            ref={group} className="flex flex-wrap items-center gap-1" role="radiogroup" aria-label={trans('Your rating')} aria-disabled={mutation.isPending || undefined}
            onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget)) flushDraft(); }}
          >
            {SCORES.map((n) => (
              <button
                key={n} type="button" {...radio(n)}
                aria-label={trans('Rate :score out of 10', { score: n })}
                onClick={() => { dropDraft(); if (n !== mine) rate(n); }}
                className={cn('h-8 w-8 rounded border text-sm', shown !== null && n <= shown ? 'border-primary bg-primary text-on-primary' : 'border-border hover:bg-hover', mutation.isPending && 'cursor-not-allowed opacity-50')}
              >{n}</button>
            ))}
          </div>
          {shown !== null ? (
            <button type="button" className="text-sm text-text-muted underline aria-disabled:cursor-not-allowed aria-disabled:opacity-50" aria-disabled={mutation.isPending || undefined}
              onClick={() => { if (mutation.isPending) return; dropDraft(); if (mine === null) return; setRefocus(true); rate(null); }}>{trans('Remove rating')}</button>
          ) : null}
        </div>
      ) : <SignInPrompt>{guestPrompt ?? trans('Sign in to rate.')}</SignInPrompt>}
    </div>
  );
}
