import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { ContinueWatchingItem } from '@app/contracts/watch';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { RowArrows } from '../ui/RowArrows';
import { ROW_SCROLLER_CLASS, useRowScroll } from '../../ui/row-scroll';
import { watchUrl } from '../ui/urls';
import { WatchedBar } from '../ui/WatchedBar';
import { CONTINUE_WATCHING_KEY as KEY, useForgetVideo } from './resume-cache';
import { VideoPicture } from './VideoPicture';


/** What the card says under the title: the episode, or the video's own name when it is not the title's main one. */
export function subtitle(item: ContinueWatchingItem): string {
  const { video } = item;
  if (video.season_num !== null && video.episode_num !== null) {
    const code = trans('S:season E:episode', { season: video.season_num, episode: video.episode_num });
    return item.episode_name ? `${code} · ${item.episode_name}` : code;
  }
  return video.category === 'full' ? '' : video.name;
}

function Card({ item, onRemove }: { item: ContinueWatchingItem; onRemove: () => void }) {
  const sub = subtitle(item);
  return (
    <div className="group relative">
      <Link to={watchUrl(item.video.id)} className="flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary" data-testid="continue-card">
        <div className="relative aspect-video overflow-hidden rounded-md bg-bg-alt shadow-md">
          <VideoPicture images={[item.video.thumbnail, item.title.backdrop, item.title.poster]} iconSize="1.75rem" className="transition duration-300 group-hover:scale-105" />
          <span className="absolute inset-0 flex items-center justify-center bg-black/30 opacity-0 transition group-hover:opacity-100 group-focus-within:opacity-100" aria-hidden="true">
            <span className="rounded-full bg-black/70 px-3 py-2 text-lg text-white">▶</span>
          </span>
          <WatchedBar position={item.position} duration={item.duration} />
        </div>
        <span className="truncate text-sm font-medium group-hover:text-primary">{item.title.name}</span>
        {sub && <span className="-mt-1.5 truncate text-xs text-text-muted">{sub}</span>}
      </Link>
      <button type="button" onClick={onRemove} aria-label={trans('Remove :name from Continue watching', { name: item.title.name })}
        className="absolute end-2 top-2 rounded-full bg-black/70 p-1 text-white transition hover:bg-black focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100">
        <X size="1rem" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The signed-in viewer's unfinished videos as the home page's first row after its header: each card resumes its
 * video where they stopped; Remove forgets that resume point. Nothing for guests, or when there is nothing to resume.
 */
export function ContinueWatchingRow() {
  const { isLoggedIn, can } = useAuth();
  const enabled = isLoggedIn && can('videos.view');
  // The watch page writes what was just watched into this cache (resume-cache.ts): the usual staleness is fine.
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<{ items: ContinueWatchingItem[] }>('videos/continue-watching'), enabled });
  const remove = useForgetVideo<{ items: ContinueWatchingItem[] }>(KEY, (data, videoId) => ({ items: data.items.filter((i) => i.video.id !== videoId) }));
  const items = query.data?.items ?? [];
  const row = useRowScroll<HTMLUListElement>(items.length);
  if (!enabled || !items.length) return null;
  return (
    <section aria-labelledby="continue-watching" className="flex flex-col gap-3" data-testid="continue-watching">
      <h2 id="continue-watching" className="text-xl font-bold">{trans('Continue watching')}</h2>
      <div className="relative">
        <ul ref={row.ref} className={ROW_SCROLLER_CLASS}>
          {items.map((i) => <li key={i.video.id} className="w-64 shrink-0 snap-start sm:w-72"><Card item={i} onRemove={() => remove.mutate(i.video.id)} /></li>)}
        </ul>
        <RowArrows row={row} />
      </div>
    </section>
  );
}
