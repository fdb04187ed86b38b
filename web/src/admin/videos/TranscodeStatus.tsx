import type { Transcode } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { useRowTranscode } from './transcode-api';

const STATE_LABELS = new Map<string, () => string>([
  ['queued', () => trans('Waiting to transcode')], ['probing', () => trans('Reading the file')], ['running', () => trans('Transcoding')],
  ['done', () => trans('Transcoded')], ['failed', () => trans('Transcoding failed')], ['cancelled', () => trans('Transcoding cancelled')],
]);

export const transcodeStateLabel = (t: Transcode) => STATE_LABELS.get(t.state)?.() ?? t.state;

/** A job's state and percent as a labelled progress bar (the form) or a compact line (the videos list). */
export function TranscodeProgress({ transcode, compact }: { transcode: Transcode; compact?: boolean }) {
  const label = transcodeStateLabel(transcode);
  const running = transcode.state === 'queued' || transcode.state === 'probing' || transcode.state === 'running';
  if (compact && !running) return <span className={transcode.state === 'failed' ? 'text-danger' : 'text-text-muted'}>{label}</span>;
  return (
    <div className={compact ? 'flex min-w-28 flex-col gap-1' : 'flex flex-col gap-1'} data-testid="transcode-progress">
      <span className="text-sm">{label} <span className="tabular-nums">{transcode.percent}%</span></span>
      <progress className="h-1.5 w-full" max={100} value={transcode.percent} aria-label={trans('Transcoding progress')} />
    </div>
  );
}

/** The videos list's transcoding column: progress while a job runs, its outcome after. */
export function TranscodeCell({ videoId }: { videoId: number }) {
  const { data } = useRowTranscode(videoId);
  return data ? <TranscodeProgress transcode={data} compact /> : <span className="text-text-muted">-</span>;
}
