import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchData, WatchVideoSummary } from '@app/contracts/watch';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { videoCategoryLabel } from '../../lib/video-labels';
import { useDocumentTitle } from '../../admin/PageTitle';
import { buttonClass } from '../../ui/Button';
import { NotFoundPage } from '../ErrorPages';
import { AdSlot } from '../ads/AdSlot';
import { NoAccess, isNoAccess } from '../ui/NoAccess';
import { titleUrl, watchUrl } from '../ui/urls';
import { embedUrl, hostOf } from './embeds';
import { rememberResume } from './resume-cache';
import { savedGuestPosition, usePlayTracking } from './tracking';
import { WatchComments } from '../comments/WatchComments';
import { VideoVotes } from './VideoVotes';
import { VideoPicture } from './VideoPicture';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

// Vidstack and its styles load with the first file or stream, not for an embed or a link out.
const Player = retryableLazy(() => import('./Player'));
const UP_NEXT_SECONDS = 5;
/** How often a video being prepared is asked for again, so the player starts once its transcode is done. */
const PREPARING_POLL_MS = 15_000;


const episodeLabel = (v: { season_num: number | null; episode_num: number | null }) =>
  v.season_num && v.episode_num ? trans('S:season E:episode', { season: v.season_num, episode: v.episode_num }) : null;

/** The player's box: the page's width, no taller than the window below the header; edge to edge on phones. */
const PLAYER_BOX = '-mx-4 -mt-6 sm:mx-auto sm:mt-0 sm:w-full sm:max-w-[calc((100svh-9rem)*16/9)] max-sm:[&>*]:rounded-none';

function PlayerSkeleton() {
  return <div className="skeleton aspect-video w-full rounded-lg" aria-busy="true" aria-label={trans('Loading')} />;
}

/** A card for the next episode; after the video ends it counts down and starts it unless cancelled. */
function UpNext({ next, title, ended }: { next: NonNullable<WatchData['up_next']>; title: WatchData['title']; ended: boolean }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(ended ? UP_NEXT_SECONDS : null), [ended]);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      void navigate(watchUrl(next.id), { state: { autoplay: true } });
      return;
    }
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left, navigate, next.id]);
  return (
    // On a phone the buttons go below: beside the picture they left the episode's name a word wide.
    <section className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-bg-alt p-3 sm:flex-nowrap" aria-labelledby="up-next-heading" data-testid="up-next">
      <div className="aspect-video w-24 shrink-0 overflow-hidden rounded bg-bg sm:w-32">
        <VideoPicture images={[next.thumbnail, title.backdrop, title.poster]} />
      </div>
      <div className="min-w-0 flex-1">
        <h2 id="up-next-heading" className="text-xs font-semibold uppercase tracking-wide text-text-muted">{trans('Up next')}</h2>
        <p className="line-clamp-2 font-medium">{[episodeLabel(next), next.episode_name ?? next.name].filter(Boolean).join(' · ')}</p>
        {left !== null && <p className="text-sm text-text-muted" aria-live="polite">{trans('Starting in :seconds seconds', { seconds: left })}</p>}
      </div>
      <div className="flex w-full shrink-0 justify-end gap-2 sm:w-auto">
        {left !== null && <button type="button" className={buttonClass('text', 'sm')} onClick={() => setLeft(null)}>{trans('Cancel')}</button>}
        <Link to={watchUrl(next.id)} state={{ autoplay: true }} className={buttonClass('primary', 'sm')}>{trans('Play next')}</Link>
      </div>
    </section>
  );
}

function OtherVideos({ videos, title }: { videos: WatchVideoSummary[]; title: WatchData['title'] }) {
  if (!videos.length) return null;
  return (
    <aside aria-labelledby="other-videos-heading" className="flex flex-col gap-3">
      <h2 id="other-videos-heading" className="text-lg font-semibold">{trans('More videos')}</h2>
      <ul className="flex flex-col gap-3">
        {videos.map((v) => (
          <li key={v.id}>
            <Link to={watchUrl(v.id)} className="group flex gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
              <div className="aspect-video w-36 shrink-0 overflow-hidden rounded bg-bg-alt">
                <VideoPicture images={[v.thumbnail, title.backdrop, title.poster]} className="transition group-hover:scale-105" />
              </div>
              <div className="min-w-0 text-sm">
                <p className="line-clamp-2 font-medium group-hover:underline">{v.name}</p>
                <p className="text-text-muted">{[episodeLabel(v), videoCategoryLabel(v.category), v.quality].filter(Boolean).join(' · ')}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function WatchView({ data, autoPlay }: { data: WatchData; autoPlay: boolean }) {
  const { isLoggedIn } = useAuth();
  const { video, title, episode } = data;
  const [ended, setEnded] = useState(false);
  const qc = useQueryClient();
  const tracking = usePlayTracking(video.id, isLoggedIn, (position, duration) => rememberResume(qc, data, position, duration));
  useDocumentTitle(trans('Watch :name', { name: video.name }));
  const resumeAt = isLoggedIn ? data.position : savedGuestPosition(video.id);

  let player;
  if (video.preparing) {
    // Its upload is still being transcoded: no placeholder source is played meanwhile.
    player = (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-bg-alt p-6 text-center" role="status" data-testid="preparing-player">
        <p className="text-lg font-medium">{trans('This video is being prepared.')}</p>
        <p className="text-text-muted">{trans('Check back in a few minutes.')}</p>
      </div>
    );
  } else if (video.type === 'video' || video.type === 'stream') {
    player = (
      <LazyPart fallback={<PlayerSkeleton />}>
        <Player
          key={video.id} video={video} title={video.name} poster={video.thumbnail ?? title.backdrop} resumeAt={resumeAt} autoPlay={autoPlay}
          onTime={tracking.onTime} onSeeked={tracking.onSeeked} onPause={tracking.onPause} onEnded={() => setEnded(true)}
        />
      </LazyPart>
    );
  } else if (video.type === 'embed') {
    player = (
      <iframe
        key={video.id} src={embedUrl(video.src)} title={video.name} className="aspect-video w-full rounded-lg bg-black"
        // The embedded page runs its own player but may not navigate ours, open forms or reach our origin's storage beyond its own.
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen referrerPolicy="strict-origin-when-cross-origin"
        data-testid="embed-player"
      />
    );
  } else {
    player = (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-lg bg-bg-alt p-6 text-center" data-testid="external-player">
        <p className="text-lg font-medium">{trans('This video plays on :site.', { site: hostOf(video.src) })}</p>
        <a href={video.src} target="_blank" rel="noopener noreferrer nofollow" className={buttonClass('primary', 'md')}>
          {trans('Watch on :site', { site: hostOf(video.src) })}
        </a>
      </div>
    );
  }

  return (
    <>
      <AdSlot slot="watch_top" />
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-6')}>
        {/* The picture takes the page's width, the other videos going below it (beside it, a 1920 px screen showed
            an 856 px picture), as tall as the window holds. Phones give it the whole width, as video apps do. */}
        <div className={PLAYER_BOX}>{player}</div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {data.up_next && <UpNext key={data.up_next.id} next={data.up_next} title={title} ended={ended} />}
            <div className="flex flex-col gap-1">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <h1 className="text-2xl font-bold">{video.name}</h1>
                  <p className="text-text-muted">
                    <Link to={titleUrl(title)} className="font-medium text-text hover:underline">{title.name}</Link>
                    {episode && <> · {episodeLabel(video)} · {episode.name}</>}
                    {title.year ? <> · {title.year}</> : null}
                  </p>
                </div>
                <VideoVotes key={video.id} videoId={video.id} initial={{ upvotes: video.upvotes, downvotes: video.downvotes, my_vote: data.my_vote }} />
              </div>
              {(episode?.description || title.description) && <p dir="auto" className="mt-2 max-w-3xl text-sm leading-relaxed">{episode?.description || title.description}</p>}
            </div>
            <WatchComments videoId={video.id} titleId={title.id} />
          </div>
          <OtherVideos videos={data.related} title={title} />
        </div>
      </div>
    </>
  );
}

/** /watch/{videoId}: the player for any video type, up-next for episodes, the title's other videos beside it. */
export function Component() {
  const { videoId } = useParams();
  const location = useLocation();
  const id = /^\d{1,10}$/.test(videoId ?? '') ? Number(videoId) : null;
  const { data, error, isPending } = useQuery({
    queryKey: ['videos', 'watch', id],
    queryFn: () => api.get<WatchData>(`videos/${id}/watch`),
    enabled: id !== null,
    retry: false,
    // The resume position must be fresh on every visit.
    gcTime: 0,
    staleTime: 0,
    // A video being prepared is asked for again now and then (not while the tab is hidden) until it can play.
    refetchInterval: (query) => (query.state.data?.video.preparing ? PREPARING_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  if (id === null || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (isNoAccess(error)) return <NoAccess watch />;
  if (error) return <p className="mx-auto max-w-xl p-10 text-center text-text-muted">{trans('There was an issue. Please try again.')}</p>;
  if (isPending) {
    return (
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-6')}>
        <div className={PLAYER_BOX}><PlayerSkeleton /></div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-4"><div className="skeleton h-8 w-2/3 rounded" /><div className="skeleton h-4 w-1/2 rounded" /></div>
          <div className="flex flex-col gap-3">{Array.from({ length: 4 }, (_, i) => <div key={i} className="skeleton h-20 rounded" />)}</div>
        </div>
      </div>
    );
  }
  return <WatchView key={data.video.id} data={data} autoPlay={!!(location.state as { autoplay?: boolean } | null)?.autoplay} />;
}
