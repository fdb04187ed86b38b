import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { FilterItem } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { VideoForm } from '../videos/VideoForm';
import { useVideo } from '../videos/api';
import { VideosTable } from '../videos/VideosTable';
import { useTitleContext } from './TitleLayout';

/** videos, videos/seasons/{season} or videos/seasons/{season}/episodes/{episode} under a title. */
function useVideosBase() {
  const { title } = useTitleContext();
  const { season, episode } = useParams();
  const base = `/admin/titles/${title.id}/edit/videos${season ? `/seasons/${season}` : ''}${episode ? `/episodes/${episode}` : ''}`;
  return { title, season: season ? Number(season) : undefined, episode: episode ? Number(episode) : undefined, base };
}

export function Component() {
  const { title, season, episode, base } = useVideosBase();
  const fixed = useMemo<FilterItem[]>(() => [
    { key: 'title_id', value: title.id, operator: '=' },
    ...(season ? [{ key: 'season_num', value: season, operator: '=' as const }] : []),
    ...(season ? [{ key: 'episode_num', value: episode ?? null, operator: '=' as const }] : []),
  ], [title.id, season, episode]);
  return (
    <div className="flex flex-col gap-3">
      {season && <p className="text-sm text-text-muted">{episode ? trans('Season :season, episode :episode', { season, episode }) : trans('Season :season', { season })}</p>}
      <VideosTable fixedFilters={fixed} editHref={(v) => `${base}/edit/${v.id}`} newHref={`${base}/new`} />
    </div>
  );
}

export function TitleVideoFormTab() {
  const { title, season, episode, base } = useVideosBase();
  const { videoId } = useParams();
  const navigate = useNavigate();
  const query = useVideo(videoId);
  if (videoId && query.isPending) return <div className="skeleton h-8 w-64" />;
  if (videoId && query.isError) return <LoadError level={2} error={query.error} retry={query.refetch} />;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Link to={base} className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text"><ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Videos')}</Link>
      <h2 className="text-lg font-semibold">{videoId ? trans('Edit video') : trans('Add video')}</h2>
      <VideoForm key={query.data ? `${query.data.id}-${query.data.updated_at}` : 'new'} video={query.data} target={{ titleId: title.id, titleName: title.name, season, episode }}
        // A video created from an uploaded file opens on its edit page, where its transcode's progress shows.
        onSaved={(v, { transcoding }) => navigate(transcoding && !videoId ? `${base}/edit/${v.id}` : base)} />
    </div>
  );
}
