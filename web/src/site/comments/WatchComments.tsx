import { useSetting } from '../../lib/auth';
import { CommentsSection } from './CommentsSection';

/** The watch page's comments: the video's own with client.comments.per_video, otherwise the title's shared thread. */
export function WatchComments({ videoId, titleId }: { videoId: number; titleId: number }) {
  const perVideo = useSetting<boolean>('client.comments.per_video', false);
  return perVideo ? <CommentsSection type="video" id={videoId} inColumn /> : <CommentsSection type="title" id={titleId} inColumn />;
}
