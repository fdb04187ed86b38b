import { trans } from '../../lib/i18n';
import { RatingWidget } from '../reviews/RatingWidget';
import { CommentsSection } from './CommentsSection';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** The episode page's rating and comments. */
export function EpisodeFeedback({ episodeId }: { episodeId: number }) {
  return (
    <>
      <section aria-labelledby="section-rating" className={cn(PAGE_WIDTH, 'pt-6')}>
        <h2 id="section-rating" className="mb-4 text-xl font-semibold">{trans('Rating')}</h2>
        <RatingWidget type="episode" id={episodeId} />
      </section>
      <CommentsSection type="episode" id={episodeId} />
    </>
  );
}
