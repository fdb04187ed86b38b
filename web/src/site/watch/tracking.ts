import { useCallback, useEffect, useRef } from 'react';
import { PLAY_MIN_SECONDS, PROGRESS_EVERY_SECONDS, PROGRESS_MAX_SECONDS } from '@app/contracts/watch-constants';
import { API_ROOT } from '../../lib/api';

const storageKey = (videoId: number) => `watch-position:${videoId}`;

/** A guest's resume position lives in this browser only. */
export function savedGuestPosition(videoId: number): number | null {
  try {
    const v = Number(localStorage.getItem(storageKey(videoId)));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function saveGuestPosition(videoId: number, seconds: number) {
  try {
    localStorage.setItem(storageKey(videoId), String(Math.floor(seconds)));
  } catch {
    // Storage full or disabled: resume is a convenience.
  }
}

// Reports leave one after another: two in flight at once (the browser may hold one back behind the video's own
// downloads) could reach the server swapped and leave an earlier position as the resume point.
let queue: Promise<unknown> = Promise.resolve();

/** Fire-and-forget report; `keepalive` lets the last one leave with the page. Failures only lose a statistic. */
function send(videoId: number, kind: 'plays' | 'progress', seconds: number, position: number, duration: number | null, keepalive = false) {
  const token = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const body = JSON.stringify({
    seconds: Math.min(PROGRESS_MAX_SECONDS, Math.round(seconds * 10) / 10), position: Math.max(0, Math.floor(position)),
    // A live stream's length is Infinity (and none is known before the metadata): left out then.
    ...(duration !== null && Number.isFinite(duration) && duration > 0 ? { duration: Math.round(duration) } : {}),
  });
  const go = () => fetch(`${API_ROOT}/videos/${videoId}/${kind}`, {
    method: 'POST', body, keepalive, credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}) },
  }).catch(() => {});
  // The report sent as the page goes away cannot wait for the ones before it.
  queue = keepalive ? go() : queue.then(go);
}

/**
 * Counts seconds actually played (not seeked over), records a play once PLAY_MIN_SECONDS have played, reports
 * progress every PROGRESS_EVERY_SECONDS and when playback pauses or the page goes away, and keeps a guest's position.
 */
export function usePlayTracking(videoId: number, signedIn: boolean, onSaved?: (position: number, duration: number | null) => void) {
  // The latest callback, for the flush when the page goes away.
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const progress = useCallback((seconds: number, position: number, duration: number | null, keepalive = false) => {
    send(videoId, 'progress', seconds, position, duration, keepalive);
    if (signedIn) saved.current?.(position, duration);
  }, [videoId, signedIn]);
  const s = useRef({ last: null as number | null, watched: 0, reported: 0, started: false, position: 0, duration: null as number | null, savedAt: -1, dirty: false });
  /** Reports what played since the last report: on pause, and (keepalive) when the page or the video goes away. */
  const flush = useCallback((keepalive: boolean) => {
    const st = s.current;
    if (!st.dirty) return;
    st.dirty = false;
    // Before the play counts, a signed-in viewer still gets their resume point saved (no seconds are added).
    if (st.started || signedIn) progress(st.started ? st.watched - st.reported : 0, st.position, st.duration, keepalive);
    st.reported = st.watched;
  }, [signedIn, progress]);

  useEffect(() => {
    s.current = { last: null, watched: 0, reported: 0, started: false, position: 0, duration: null, savedAt: -1, dirty: false };
    const onHide = () => flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush(true);
    };
  }, [videoId, flush]);

  return {
    onTime(time: number, duration?: number) {
      const st = s.current;
      if (duration !== undefined) st.duration = duration;
      if (st.last !== null) {
        const d = time - st.last;
        // Small forward steps are playback; jumps are seeks and count nothing.
        if (d > 0 && d < 2) st.watched += d;
      }
      st.last = time;
      st.position = time;
      st.dirty = true;
      if (!signedIn && Math.floor(time) !== st.savedAt) {
        st.savedAt = Math.floor(time);
        saveGuestPosition(videoId, time);
      }
      if (!st.started && st.watched >= PLAY_MIN_SECONDS) {
        st.started = true;
        send(videoId, 'plays', st.watched, time, st.duration);
        st.reported = st.watched;
      } else if (st.started && st.watched - st.reported >= PROGRESS_EVERY_SECONDS) {
        progress(st.watched - st.reported, time, st.duration);
        st.reported = st.watched;
      }
    },
    onSeeked(time: number) {
      s.current.last = time;
    },
    onPause() {
      flush(false);
    },
  };
}
