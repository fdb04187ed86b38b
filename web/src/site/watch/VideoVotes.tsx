import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Flag, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { VideoVote, VideoVoteState } from '@app/contracts/watch';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';
import { cn } from '../../ui/cn';
import { ReportDialog } from '../ui/ReportDialog';

const BUTTON = 'inline-flex h-9 items-center gap-2 rounded-full border border-border px-3 text-sm font-medium hover:bg-hover aria-pressed:border-primary aria-pressed:text-primary disabled:opacity-60';

/**
 * Thumbs up and down under the player: members who may rate videos vote (pressing their vote again takes it back);
 * everyone else sees the counts. Members can report a video to the moderators.
 */
export function VideoVotes({ videoId, initial }: { videoId: number; initial: VideoVoteState }) {
  const { isLoggedIn } = useAuth();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Votes videoId={videoId} initial={initial} />
      {isLoggedIn && <ReportVideo videoId={videoId} />}
    </div>
  );
}

function ReportVideo({ videoId }: { videoId: number }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      <button type="button" className={BUTTON} disabled={reported} onClick={() => setOpen(true)}>
        <Flag size="1rem" aria-hidden />{reported ? trans('Video reported') : trans('Report video')}
      </button>
      <ReportDialog open={open} onOpenChange={setOpen} path={`videos/${videoId}/report`} title={trans('Report video')} done={trans('Video reported')} onReported={() => setReported(true)} />
    </>
  );
}

function Votes({ videoId, initial }: { videoId: number; initial: VideoVoteState }) {
  const { isLoggedIn, can } = useAuth();
  const [state, setState] = useState(initial);
  const mutation = useMutation({
    mutationFn: (vote: VideoVote | null) => (vote ? api.put<VideoVoteState>(`videos/${videoId}/vote`, { vote }) : api.delete<VideoVoteState>(`videos/${videoId}/vote`)),
    onSuccess: setState,
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const counts = { up: trans('[one 1 like|other :count likes]', { count: state.upvotes }), down: trans('[one 1 dislike|other :count dislikes]', { count: state.downvotes }) };
  if (!isLoggedIn || !can('videos.rate')) {
    return (
      <p className="flex items-center gap-4 text-sm text-text-muted" data-testid="video-votes">
        {/* Screen readers read '3 likes' (a name on a plain span is not read; they heard '3 0'). */}
        <span className="inline-flex items-center gap-1.5"><ThumbsUp size="1rem" aria-hidden /><span aria-hidden>{formatNumber(state.upvotes)}</span><span className="sr-only">{counts.up}</span></span>
        <span className="inline-flex items-center gap-1.5"><ThumbsDown size="1rem" aria-hidden /><span aria-hidden>{formatNumber(state.downvotes)}</span><span className="sr-only">{counts.down}</span></span>
      </p>
    );
  }
  const press = (vote: VideoVote) => mutation.mutate(state.my_vote === vote ? null : vote);
  return (
    <div className="flex items-center gap-2" role="group" aria-label={trans('Rate this video')} data-testid="video-votes">
      <button type="button" className={BUTTON} aria-pressed={state.my_vote === 'up'} disabled={mutation.isPending} onClick={() => press('up')} aria-label={trans('I like this (:count)', { count: formatNumber(state.upvotes) })}>
        <ThumbsUp size="1rem" aria-hidden className={cn(state.my_vote === 'up' && 'fill-current')} />{formatNumber(state.upvotes)}
      </button>
      <button type="button" className={BUTTON} aria-pressed={state.my_vote === 'down'} disabled={mutation.isPending} onClick={() => press('down')} aria-label={trans('I dislike this (:count)', { count: formatNumber(state.downvotes) })}>
        <ThumbsDown size="1rem" aria-hidden className={cn(state.my_vote === 'down' && 'fill-current')} />{formatNumber(state.downvotes)}
      </button>
    </div>
  );
}
