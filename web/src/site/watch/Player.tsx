import { useEffect, useRef, useState } from 'react';
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from '@vidstack/react';
import { defaultLayoutIcons, DefaultVideoLayout } from '@vidstack/react/player/layouts/default';
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import type { WatchVideo } from '@app/contracts/watch';
import { hlsThumbnailsUrl } from '@app/contracts/transcode';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { playerTranslations } from './player-translations';

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
/**
 * The scrubbing thumbnails track of a ladder this server transcoded, as an absolute URL: Vidstack resolves the sprite
 * named in each cue against the track's URL only when that URL is absolute, and against the page otherwise (which
 * asked for /watch/sprite.jpg, so no preview ever showed).
 */
function thumbnailsOf(video: PlayerVideo): string | undefined {
  const url = video.type === 'stream' ? hlsThumbnailsUrl(video.src) : null;
  return url ? new URL(url, window.location.href).href : undefined;
}

function onProviderChange(provider: MediaProviderAdapter | null) {
  if (isHLSProvider(provider)) provider.library = () => import('hls.js');
}

/**
 * Space with nothing focused plays or pauses (issue 10): Vidstack's document shortcuts only listen once its player
 * counted as the page's active one, which a player mounted after the page loaded is not until something in it takes
 * focus, so Space scrolled the page instead. This listener sits on window, after Vidstack's on document: when Vidstack
 * handled the key it stopped the event and this one never runs, so a press never toggles twice.
 */
function useSpaceOnBarePage(player: React.RefObject<MediaPlayerInstance | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused !== document.documentElement) return;
      const p = player.current;
      if (!p) return;
      event.preventDefault();
      if (p.paused) void p.play().catch(() => {});
      else void p.pause().catch(() => {});
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player, enabled]);
}

/** What the player plays: a file or stream with its captions (the watch call's video, or a video the admin edits). */
type PlayerVideo = Pick<WatchVideo, 'type' | 'src' | 'captions'>;

interface Props {
  video: PlayerVideo;
  title: string;
  poster: string | null;
  resumeAt?: number | null;
  autoPlay?: boolean;
  /**
   * The watch page's keys (Space, arrows, f, m…) work anywhere on the page; a player inside a form (the admin
   * preview) answers them only while it has focus, so they never reach it from the page around.
   */
  pageShortcuts?: boolean;
  /** The playback position, and the video's length once known (Infinity for a live stream). */
  onTime?(time: number, duration?: number): void;
  onSeeked?(time: number): void;
  onPause?(): void;
  onEnded?(): void;
}

/** Files (mp4/webm with Range) and HLS streams, on Vidstack: captions, quality levels, fullscreen, picture-in-picture. */
export default function Player(props: Props) {
  // A source that cannot be played (a missing file, a stream refused or gone) says so instead of spinning on black;
  // Try again mounts a fresh player for the same source.
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-bg-alt p-6 text-center" role="alert" data-testid="player-error">
        <p className="text-lg font-medium">{trans('This video could not be played.')}</p>
        <p className="text-text-muted">{trans('Its file is missing or could not be loaded. Please try again later.')}</p>
        <Button variant="primary" onClick={() => { setFailed(false); setAttempt(attempt + 1); }}>{trans('Try again')}</Button>
      </div>
    );
  }
  return <PlayerOf key={attempt} {...props} onFailed={() => setFailed(true)} />;
}

function PlayerOf({ video, title, poster, resumeAt = null, autoPlay = false, pageShortcuts = true, onTime, onSeeked, onPause, onEnded, onFailed }: Props & { onFailed(): void }) {
  const player = useRef<MediaPlayerInstance>(null);
  const resumed = useRef(false);
  // The tree remounts when the language changes (main.tsx), so one set per mount is enough.
  const [translations] = useState(playerTranslations);
  useSpaceOnBarePage(player, pageShortcuts);
  const src = video.type === 'stream' ? { src: video.src, type: 'application/x-mpegurl' as const } : video.src;
  return (
    <MediaPlayer
      ref={player}
      onError={onFailed}
      onHlsError={(detail) => { if (detail.fatal) onFailed(); }}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black"
      title={title}
      src={src}
      poster={poster ?? undefined}
      playsInline
      autoPlay={autoPlay}
      crossOrigin
      keyTarget={pageShortcuts ? 'document' : 'player'}
      keyShortcuts={SHORTCUTS}
      onProviderChange={onProviderChange}
      onCanPlay={() => {
        const p = player.current;
        if (resumed.current || !p) return;
        resumed.current = true;
        // Resume where the viewer stopped, unless that was the very end.
        if (resumeAt && resumeAt > 1 && (!Number.isFinite(p.duration) || p.duration === 0 || resumeAt < p.duration - 3)) p.currentTime = resumeAt;
      }}
      onTimeUpdate={(detail) => onTime?.(detail.currentTime, player.current?.duration)}
      onSeeked={(time) => onSeeked?.(time)}
      onPause={onPause}
      onEnded={onEnded}
      data-testid="player"
      // Vidstack names the player itself ("Video Player - <title>", in English) over an `aria-label`: its own prop wins.
      ariaLabel={title ? trans('Video player - :name', { name: title }) : trans('Video player')}
      // A timeline runs left to right in every language (as ArrowRight seeks forward): in a right-to-left page the
      // controls read "0:30 / 0:00" and the bar filled from the wrong end.
      dir="ltr"
    >
      <MediaProvider>
        {video.captions.map((c) => (
          <Track key={String(c.id)} src={c.url} kind="subtitles" label={c.name} lang={c.language ?? undefined} type="vtt" />
        ))}
      </MediaProvider>
      <DefaultVideoLayout icons={defaultLayoutIcons} thumbnails={thumbnailsOf(video)} translations={translations} />
    </MediaPlayer>
  );
}
