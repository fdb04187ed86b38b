import { useState } from 'react';
import { Link } from 'react-router';
import type { Episode, EpisodeProgress, SeasonPageData, Title, TitlePageData } from '@app/contracts';
import { formatDate, isUpcoming } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { usePageData } from '../../lib/page-data';
import { episodeUrl, seasonUrl } from '../ui/urls';
import { WatchedBar } from '../ui/WatchedBar';
import { RatingText } from '../ui/RatingBadge';
import { Section } from './PageState';
import { UpcomingBadge } from './parts';
import { responsiveImage } from '@app/contracts/image-sizes';

/**
 * The title page's episodes: those of the season the page came with (the viewer's, else the latest), and with several
 * seasons a picker that lists another season's in place, from the same call as its season page (so opening that page
 * afterwards is instant).
 */
export function SeasonEpisodes({ data }: { data: TitlePageData }) {
  const { title, seasons } = data;
  const initial = data.episodes[0].season_number;
  const [number, setNumber] = useState(initial);
  const other = usePageData<SeasonPageData>(number === initial ? null : `titles/${title.id}/seasons/${number}/page`);
  const episodes = number === initial ? data.episodes : other.data?.episodes;
  const progress = number === initial ? data.episode_progress : other.data?.episode_progress;
  const picker = seasons.length > 1 ? (
    <div className="flex items-center gap-3 text-sm">
      <label htmlFor="episodes-season" className="sr-only">{trans('Season')}</label>
      <select
        id="episodes-season"
        className="h-9 rounded-md border border-border bg-bg-elevated px-3 font-medium"
        value={number}
        onChange={(e) => setNumber(Number(e.target.value))}
      >
        {seasons.map((s) => <option key={s.id} value={s.number}>{trans('Season :number', { number: s.number })}</option>)}
      </select>
      <Link to={seasonUrl(title, number)} className="text-primary hover:underline">{trans('Season details')}</Link>
    </div>
  ) : null;
  return (
    <Section id="episodes" title={trans('Episodes')} actions={picker}>
      {episodes ? (
        episodes.length ? <EpisodeList title={title} episodes={episodes} progress={progress} /> : <p className="text-text-muted">{trans('No episodes yet.')}</p>
      ) : other.isError ? (
        <p role="alert" className="text-danger">{trans('Could not load the episodes.')}</p>
      ) : (
        <div role="status" aria-label={trans('Loading')} className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, i) => <div key={i} className="skeleton h-24 rounded-md" />)}
        </div>
      )}
    </Section>
  );
}

export function EpisodeList({ title, episodes, progress = [] }: { title: Title; episodes: Episode[]; /** The viewer's, for the bars. */ progress?: EpisodeProgress[] }) {
  const watched = new Map(progress.map((p) => [p.episode, p]));
  return (
    <ol className="flex flex-col gap-3">
      {episodes.map((e) => (
        <li key={e.id}>
          <Link to={episodeUrl(title, e.season_number, e.episode_number)} className="flex gap-4 rounded-md p-2 hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary">
            <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded bg-bg-alt sm:w-44">
              {e.poster ? <img {...responsiveImage(e.poster, 'landscape')} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
              {watched.has(e.episode_number) && <WatchedBar {...watched.get(e.episode_number)!} />}
            </div>
            <div className="min-w-0">
              <p className="text-xs text-text-muted">
                {trans('S:season E:episode', { season: e.season_number, episode: e.episode_number })}{e.release_date ? ` · ${formatDate(e.release_date)}` : ''}
                {isUpcoming(e.release_date) ? <UpcomingBadge /> : null}
                {e.rating ? <> · <RatingText rating={e.rating} /></> : null}
              </p>
              <p className="font-medium">{e.name}</p>
              {e.description ? <p dir="auto" className="line-clamp-2 text-sm text-text-muted">{e.description}</p> : null}
            </div>
          </Link>
        </li>
      ))}
    </ol>
  );
}
