import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResumePoint } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { watchUrl } from './urls';

/** The size of the buttons a page passes beside the hero's actions (Add to list, Share). */
export const HERO_ACTION = 'h-11 self-start px-5 text-base';

/** "S1 E2" when there is an episode. */
const episodeCode = (p: { season: number | null; episode: number | null } | null | undefined) =>
  p && p.season !== null && p.episode !== null ? trans('S:season E:episode', { season: p.season, episode: p.episode }) : null;

/**
 * The hero's actions: Resume where the signed-in viewer stopped, else Play (a series without a full video of its own
 * plays its first episode that has one), or `unplayable` in their place when there is nothing to play; Trailer, and
 * `children` beside them.
 */
export function PlayButtons({ play, episode, resume, trailer, unplayable, children }: {
  play: number | null; episode?: { season: number; episode: number } | null; resume?: ResumePoint | null; trailer?: number | null;
  unplayable?: ReactNode; children?: ReactNode;
}) {
  if (!play && !resume && !trailer && !unplayable && !children) return null;
  const primary = buttonClass('primary', 'md', 'h-11 px-6 text-base');
  const resumeCode = episodeCode(resume);
  const playCode = episodeCode(episode);
  return (
    <div className="flex flex-wrap items-center gap-3">
      {resume ? (
        <Link to={watchUrl(resume.video_id)} className={primary}>
          <span aria-hidden="true">▶</span>{resumeCode ? trans('Resume :episode', { episode: resumeCode }) : trans('Resume')}
        </Link>
      ) : play ? (
        <Link to={watchUrl(play)} className={primary}>
          <span aria-hidden="true">▶</span>{playCode ? trans('Play :episode', { episode: playCode }) : trans('Play')}
        </Link>
      ) : unplayable}
      {trailer ? <Link to={watchUrl(trailer)} className={buttonClass('outline', 'md', 'h-11 px-6 text-base')}>{trans('Trailer')}</Link> : null}
      {children}
    </div>
  );
}
