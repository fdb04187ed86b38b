import { useRef } from 'react';
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from '@vidstack/react';
import { defaultLayoutIcons, DefaultVideoLayout } from '@vidstack/react/player/layouts/default';
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import type { WatchVideo } from '@app/contracts/watch';
import { hlsThumbnailsUrl } from '@app/contracts/transcode';
import { trans } from '../../lib/i18n';

/** Space, arrows, f, m, c (and i for picture-in-picture) anywhere on the page, not only when the player has focus. */
const SHORTCUTS = {
  togglePaused: 'k Space',
  toggleMuted: 'm',
  toggleFullscreen: 'f',
  togglePictureInPicture: 'i',
  toggleCaptions: 'c',
  seekBackward: 'j ArrowLeft',
  seekForward: 'l ArrowRight',
  volumeUp: 'ArrowUp',
  volumeDown: 'ArrowDown',
};

/** hls.js is fetched only when an HLS stream plays, from our own bundle (never a CDN). */
function onProviderChange(provider: MediaProviderAdapter | null) {
  if (isHLSProvider(provider)) provider.library = () => import('hls.js');
}

interface Props {
  video: WatchVideo;
  title: string;
  poster: string | null;
  resumeAt: number | null;
  autoPlay: boolean;
  onTime(time: number): void;
  onSeeked(time: number): void;
  onPause(): void;
  onEnded(): void;
}

/** Files (mp4/webm with Range) and HLS streams, on Vidstack: captions, quality levels, fullscreen, picture-in-picture. */
export default function Player({ video, title, poster, resumeAt, autoPlay, onTime, onSeeked, onPause, onEnded }: Props) {
  const player = useRef<MediaPlayerInstance>(null);
  const resumed = useRef(false);
  const src = video.type === 'stream' ? { src: video.src, type: 'application/x-mpegurl' as const } : video.src;
  return (
    <MediaPlayer
      ref={player}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black"
      title={title}
      src={src}
      poster={poster ?? undefined}
      playsInline
      autoPlay={autoPlay}
      crossOrigin
      keyTarget="document"
      keyShortcuts={SHORTCUTS}
      onProviderChange={onProviderChange}
      onCanPlay={() => {
        const p = player.current;
        if (resumed.current || !p) return;
        resumed.current = true;
        // Resume where the viewer stopped, unless that was the very end.
        if (resumeAt && resumeAt > 1 && (!Number.isFinite(p.duration) || p.duration === 0 || resumeAt < p.duration - 3)) p.currentTime = resumeAt;
      }}
      onTimeUpdate={(detail) => onTime(detail.currentTime)}
      onSeeked={(time) => onSeeked(time)}
      onPause={onPause}
      onEnded={onEnded}
      data-testid="player"
      aria-label={trans('Video player')}
    >
      <MediaProvider>
        {video.captions.map((c) => (
          <Track key={String(c.id)} src={c.url} kind="subtitles" label={c.name} lang={c.language ?? undefined} type="vtt" />
        ))}
      </MediaProvider>
      <DefaultVideoLayout icons={defaultLayoutIcons} thumbnails={(video.type === 'stream' && hlsThumbnailsUrl(video.src)) || undefined} />
    </MediaPlayer>
  );
}
