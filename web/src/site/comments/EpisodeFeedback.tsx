import { trans } from '../../lib/i18n';
import { RatingWidget } from '../reviews/RatingWidget';
import { CommentsSection } from './CommentsSection';

/** The episode page's rating and comments. */
export function EpisodeFeedback({ episodeId }: { episodeId: number }) {
  return (
    <>
      <section aria-label={trans('Rating')} className="mx-auto max-w-6xl px-4 pt-6 sm:px-6"><RatingWidget type="episode" id={episodeId} /></section>
      <CommentsSection type="episode" id={episodeId} />
    </>
  );
}
