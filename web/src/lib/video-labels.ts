import type { VideoCategory, VideoType } from '@app/contracts/videos';
import { trans } from './i18n';

/** A video's category as the site and the admin name it (literal keys, so the localization collector finds each). */
export function videoCategoryLabel(category: VideoCategory): string {
  switch (category) {
    case 'trailer': return trans('Trailer');
    case 'clip': return trans('Clip');
    case 'featurette': return trans('Featurette');
    case 'teaser': return trans('Teaser');
    default: return trans('Full video');
  }
}

/** How a video is played, as the admin names it. */
export function videoTypeLabel(type: VideoType): string {
  switch (type) {
    case 'embed': return trans('Embed');
    case 'video': return trans('Video');
    case 'stream': return trans('Stream');
    default: return trans('External link');
  }
}
