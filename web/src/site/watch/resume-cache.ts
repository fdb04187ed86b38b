import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BecauseYouWatched, EpisodePageData, EpisodeProgress, SeasonPageData, TitlePageData } from '@app/contracts';
import { BECAUSE_YOU_WATCHED_KEY } from '../titles/BecauseYouWatched';
import type { ContinueWatchingItem, WatchData } from '@app/contracts/watch';
import { isUnfinished } from '@app/contracts/watch-constants';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';

export const CONTINUE_WATCHING_KEY = ['videos', 'continue-watching'] as const;
export const WATCH_HISTORY_KEY = ['videos', 'history'] as const;

/**
 * After resume points are forgotten on the server (a video removed from Continue watching or the watch history, or all
 * of it cleared): what shows them asks again — Continue watching, the history, "Because you watched", and the pages'
 * Resume and episode bars.
 */
export async function forgetResumes(qc: QueryClient): Promise<void> {
  const keys: QueryKey[] = [CONTINUE_WATCHING_KEY, WATCH_HISTORY_KEY, BECAUSE_YOU_WATCHED_KEY, ['page-data']];
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/**
 * Forgets one video's resume point (DELETE videos/:id/progress). The list it was removed from (`queryKey`, cut by
 * `without`) drops it at once and gets it back if the call fails; the rest follows through forgetResumes.
 */
export function useForgetVideo<T>(queryKey: QueryKey, without: (data: T, videoId: number) => T) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (videoId: number) => api.delete(`videos/${videoId}/progress`),
    onMutate: async (videoId) => {
      await qc.cancelQueries({ queryKey });
      const before = qc.getQueryData<T>(queryKey);
      if (before) qc.setQueryData<T>(queryKey, without(before, videoId));
      return { before };
    },
    onSuccess: () => void forgetResumes(qc),
    onError: (e, _videoId, context) => {
      if (context?.before) qc.setQueryData(queryKey, context.before);
      toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    },
  });
}

/**
 * What the viewer just watched, written into the cached title and episode pages (their Resume) and the Continue watching
 * row, so going back shows it at once. The server writes positions in batches a moment after answering, so a refetch
 * right away could still bring the earlier point; the cached data stays fresh for the usual 30 s, by when the server
 * has it.
 */
export function rememberResume(qc: QueryClient, data: WatchData, position: number, duration: number | null): void {
  const { video, title, episode } = data;
  if (video.category !== 'full') return;
  const at = Math.floor(position);
  const length = duration !== null && Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null;
  const open = isUnfinished(at, length);
  const point = open ? { video_id: video.id, season: video.season_num, episode: video.episode_num, position: at, duration: length } : null;
  const season = video.season_num;
  const number = video.episode_num;
  // The episode lists' bars: this episode's entry replaced (finished or not, the bar shows how far).
  const withThis = (list: EpisodeProgress[]) => number === null ? list
    : [...list.filter((p) => p.episode !== number), { episode: number, position: at, duration: length }].sort((a, b) => a.episode - b.episode);
  qc.setQueryData<TitlePageData>(['page-data', `titles/${title.id}/page`], (page) => page && {
    ...page, resume: point ?? (page.resume?.video_id === video.id ? null : page.resume),
    episode_progress: page.episodes[0]?.season_number === season ? withThis(page.episode_progress) : page.episode_progress,
  });
  if (season !== null) {
    qc.setQueryData<SeasonPageData>(['page-data', `titles/${title.id}/seasons/${season}/page`], (page) => page && {
      ...page, resume: point ?? (page.resume?.video_id === video.id ? null : page.resume), episode_progress: withThis(page.episode_progress),
    });
  }
  if (season !== null && number !== null) {
    qc.setQueryData<EpisodePageData>(['page-data', `titles/${title.id}/seasons/${season}/episodes/${number}/page`], (page) =>
      page && page.play_video_id === video.id ? { ...page, resume: point } : page);
  }
  // Titles like the last one watched: another title now, so the row asks again on its next showing.
  const like = qc.getQueryData<BecauseYouWatched>(BECAUSE_YOU_WATCHED_KEY);
  if (like && like.title?.id !== title.id) void qc.invalidateQueries({ queryKey: BECAUSE_YOU_WATCHED_KEY, refetchType: 'none' });
  qc.setQueryData<{ items: ContinueWatchingItem[] }>(CONTINUE_WATCHING_KEY, (list) => {
    if (!list) return list;
    // One card per title: this video's card replaces the title's; a finished one just leaves.
    const others = list.items.filter((i) => (open ? i.title.id !== title.id : i.video.id !== video.id));
    if (!open) return { items: others };
    const { src: _src, captions: _captions, ...summary } = video;
    const item: ContinueWatchingItem = {
      video: summary, title: { id: title.id, name: title.name, is_series: title.is_series, poster: title.poster, backdrop: title.backdrop },
      episode_name: episode?.name ?? null, position: at, duration: length, updated_at: new Date().toISOString(),
    };
    return { items: [item, ...others] };
  });
}
