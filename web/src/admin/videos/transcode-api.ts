import { useQuery } from '@tanstack/react-query';
import { ACTIVE_TRANSCODE_STATES, type Transcode } from '@app/contracts';
import { api } from '../../lib/api';

/** How often screens poll a job that still has work ahead of it. */
const POLL_MS = 1500;
const active = (t: Transcode | null | undefined) => !!t && ACTIVE_TRANSCODE_STATES.includes(t.state);

export const transcodeKey = (videoId: number) => ['transcodes', 'detail', String(videoId)] as const;

/** The video's latest transcode and whether this server can transcode at all; polled while the job runs. */
export function useTranscode(videoId: number) {
  return useQuery({
    queryKey: transcodeKey(videoId),
    queryFn: () => api.get<{ transcode: Transcode | null; ffmpeg: boolean }>(`videos/${videoId}/transcode`),
    refetchInterval: (q) => (active(q.state.data?.transcode) ? POLL_MS : false),
  });
}

/** Cells asking within this window share one request (a list page asks once for all its rows). */
const BATCH_MS = 20;
let batch: { ids: Set<number>; result: Promise<Map<number, Transcode>> } | null = null;

function latestOf(videoId: number): Promise<Transcode | null> {
  if (!batch) {
    const ids = new Set<number>();
    batch = {
      ids,
      result: new Promise((resolve) => setTimeout(resolve, BATCH_MS)).then(() => {
        batch = null;
        return api.get<{ transcodes: Transcode[] }>(`transcodes?video_ids=${[...ids].join(',')}`).then((r) => new Map(r.transcodes.map((t) => [t.video_id, t])));
      }),
    };
  }
  batch.ids.add(videoId);
  return batch.result.then((m) => m.get(videoId) ?? null);
}

/** One row's latest transcode for the videos list (rows of a page are fetched together); polled while it runs. */
export function useRowTranscode(videoId: number) {
  return useQuery({
    queryKey: ['transcodes', 'list', videoId],
    queryFn: () => latestOf(videoId),
    refetchInterval: (q) => (active(q.state.data) ? POLL_MS : false),
  });
}
