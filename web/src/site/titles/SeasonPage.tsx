import { Link, useParams } from 'react-router';
import type { SeasonPageData } from '@app/contracts';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { seasonUrl, titleUrl } from '../ui/urls';
import { PageError, PageSkeleton, Section } from './PageState';
import { Hero, PrevNext, VideosAndCredits } from './parts';
import { EpisodeList } from './SeasonEpisodes';
import { HERO_ACTION, PlayButtons } from '../ui/PlayButtons';
import { ShareButton } from '../ui/ShareButton';
import { ClampedText } from '../ui/ClampedText';

/** /titles/:id/:slug?/season/:season — the season's episodes, cast, crew, videos and its neighbours. */
export function Component() {
  const params = useParams();
  const id = positiveId(params.id);
  const season = positiveId(params.season);
  const query = usePageData<SeasonPageData>(id && season ? `titles/${id}/seasons/${season}/page` : null);
  const d = query.data;
  useDocumentTitle(d ? `${d.title.name}: ${trans('Season :number', { number: d.season.number })}` : trans('Loading'));
  if (!id || !season || query.isError) return <PageError error={query.error} />;
  if (!d) return <PageSkeleton />;
  const { title } = d;
  const seasonName = trans('Season :number', { number: d.season.number });
  return (
    <article>
      <Hero backdrop={title.backdrop} poster={d.season.poster || title.poster}>
        <Link to={titleUrl(title)} className="text-sm font-medium text-text-muted hover:underline">{title.name}</Link>
        <h1 className="text-3xl font-bold sm:text-4xl">{d.season.name || seasonName}</h1>
        <p className="text-sm text-text-muted">
          {[d.season.release_date ? formatDate(d.season.release_date) : '', trans('[one 1 episode|other :count episodes]', { count: d.season.episodes_count })].filter(Boolean).join(' · ')}
        </p>
        {d.season.description ? <ClampedText text={d.season.description} className="max-w-3xl leading-relaxed" /> : null}
        <PlayButtons play={d.play_video_id} episode={d.play_episode} resume={d.resume}>
          <ShareButton title={`${title.name}: ${seasonName}`} className={HERO_ACTION} />
        </PlayButtons>
      </Hero>
      <Section id="episodes" title={trans('Episodes')}>
        {d.episodes.length ? <EpisodeList title={title} episodes={d.episodes} progress={d.episode_progress} /> : <p className="text-text-muted">{trans('No episodes yet.')}</p>}
      </Section>
      <VideosAndCredits videos={d.videos} cast={d.cast} crew={d.crew} pictures={[title.backdrop, d.season.poster || title.poster]} />
      <PrevNext
        label={trans('Seasons')}
        previous={d.previous ? { to: seasonUrl(title, d.previous), text: trans('Season :number', { number: d.previous }) } : null}
        next={d.next ? { to: seasonUrl(title, d.next), text: trans('Season :number', { number: d.next }) } : null}
      />
    </article>
  );
}
