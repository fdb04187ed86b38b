import { trans } from '../../lib/i18n';

/** How much of a video the viewer watched, as a thin bar along the bottom of its picture (which must be `relative`). */
export function WatchedBar({ position, duration }: { position: number; duration: number | null }) {
  if (!duration || duration <= 0) return null;
  const share = Math.min(1, Math.max(0, position / duration));
  return (
    <span className="absolute inset-x-0 bottom-0 h-1 bg-white/25" role="progressbar" aria-label={trans('Watched')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
      <span className="block h-full bg-primary" style={{ width: `${share * 100}%` }} />
    </span>
  );
}
