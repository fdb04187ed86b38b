import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { PageTitle } from '../PageTitle';
import { VideoForm } from './VideoForm';
import { InsightsLink } from '../reports/InsightsLink';
import { VideosTable } from './VideosTable';
import { useVideo } from './api';

export function Component() {
  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Videos')}</PageTitle>
      <VideosTable editHref={(v) => `/admin/videos/${v.id}/edit`} newHref="/admin/videos/new" showTitle />
    </div>
  );
}

export function VideoFormPage() {
  const { videoId } = useParams();
  const navigate = useNavigate();
  const query = useVideo(videoId);
  if (videoId && query.isPending) return <div className="p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-8 w-64" /></div>;
  if (videoId && query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 desk:p-8">
      <Link to="/admin/videos" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text"><ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Videos')}</Link>
      <PageTitle actions={videoId && <InsightsLink to={`/admin/videos/${videoId}/insights`} />}>{videoId ? trans('Edit video') : trans('New video')}</PageTitle>
      <VideoForm key={query.data ? `${query.data.id}-${query.data.updated_at}` : 'new'} video={query.data} onSaved={(v) => !videoId && navigate(`/admin/videos/${v.id}/edit`)} />
    </div>
  );
}
