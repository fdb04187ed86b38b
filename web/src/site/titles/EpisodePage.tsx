import { Link, useParams } from 'react-router';
import type { EpisodePageData } from '@app/contracts';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate, isUpcoming } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { episodeUrl, seasonUrl, titleUrl } from '../ui/urls';
import { PageError, PageSkeleton } from './PageState';
import { EpisodeFeedback } from '../comments/EpisodeFeedback';
import { Hero, PrevNext, UpcomingBadge, formatRuntime, VideosAndCredits } from './parts';
import { HERO_ACTION, PlayButtons } from '../ui/PlayButtons';
import { ShareButton } from '../ui/ShareButton';
import { RatingText } from '../ui/RatingBadge';
import { ClampedText } from '../ui/ClampedText';

/** /titles/:id/:slug?/season/:season/episode/:episode — the episode with its cast, crew, videos and neighbours. */
export function Component() {
  const params = useParams();
  const id = positiveId(params.id);
  const season = positiveId(params.season);
  const episode = positiveId(params.episode);
  const query = usePageData<EpisodePageData>(id && season && episode ? `titles/${id}/seasons/${season}/episodes/${episode}/page` : null);
  const d = query.data;
  useDocumentTitle(d ? `${d.episode.name} - ${d.title.name}` : trans('Loading'));
  if (!id || !season || !episode || query.isError) return <PageError error={query.error} />;
  if (!d) return <PageSkeleton />;
  const { title, episode: e } = d;
  const label = (l: { season: number; episode: number; name: string }) => `${trans('S:season E:episode', { season: l.season, episode: l.episode })} · ${l.name}`;
  return (
    <article>
      <Hero backdrop={title.backdrop || e.poster} still={e.poster || title.backdrop} poster={d.season.poster || title.poster}>
        <nav aria-label={trans('Breadcrumbs')} className="flex flex-wrap gap-2 text-sm font-medium text-text-muted">
          <Link to={titleUrl(title)} className="hover:underline">{title.name}</Link>
          <span aria-hidden="true">/</span>
          <Link to={seasonUrl(title, d.season.number)} className="hover:underline">{trans('Season :number', { number: d.season.number })}</Link>
        </nav>
        <h1 className="text-3xl font-bold sm:text-4xl">{e.name}</h1>
        <p className="flex flex-wrap gap-x-3 text-sm text-text-muted">
          <span>{trans('Season :season, episode :episode', { season: e.season_number, episode: e.episode_number })}</span>
          {e.release_date ? <span>{formatDate(e.release_date)}{isUpcoming(e.release_date) ? <UpcomingBadge /> : null}</span> : null}
          {e.runtime ? <span>{formatRuntime(e.runtime)}</span> : null}
          <RatingText rating={e.rating} />
        </p>
        {e.description ? <ClampedText text={e.description} className="max-w-3xl leading-relaxed" /> : null}
        <PlayButtons play={d.play_video_id} resume={d.resume}>
          <ShareButton title={`${e.name} - ${title.name}`} className={HERO_ACTION} />
        </PlayButtons>
      </Hero>
      <VideosAndCredits videos={d.videos} cast={d.cast} crew={d.crew} pictures={[e.poster || title.backdrop, d.season.poster || title.poster]} />
      <PrevNext
        label={trans('Episodes')}
        previous={d.previous ? { to: episodeUrl(title, d.previous.season, d.previous.episode), text: label(d.previous) } : null}
        next={d.next ? { to: episodeUrl(title, d.next.season, d.next.episode), text: label(d.next) } : null}
      />
      <EpisodeFeedback episodeId={e.id} />
    </article>
  );
}
