import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { InsightMetric, RankedReport, ReportPoint, TimeSeriesReport } from '@app/contracts/reports';
import { ApiError } from '../../lib/api';
import { useAuth, userCan } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { InlineLoadError, NotFoundPage } from '../../site/ErrorPages';
import { PageTitle } from '../PageTitle';
import { useInsight, useInsightSubject, type InsightsTarget } from './api';
import { useTitle } from '../titles/api';
import { useVideo } from '../videos/api';
import { BarList } from './charts/BarList';
import { LineChart } from './charts/LineChart';
import { countryLabels, deviceLabels } from './labels';
import type { ReportRange } from './range';
import { RangePicker, useReportRange } from './RangePicker';
import { ReportCard } from './ReportCard';
import { useSeen } from '../../ui/use-seen';
import { TITLES, VIDEOS } from '../section-permissions';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';

const WorldMap = retryableLazy(() => import('./WorldMap'));

/**
 * A loading card keeps about the height its chart will take: with short placeholders every card fit on the first
 * screen and all asked at once, and the page jumped as they filled.
 */
const LOADING_HEIGHT = new Map<InsightMetric, string>([['plays', 'min-h-80'], ['locations', 'min-h-80']]);

/** One metric card: it asks for its data only once at least 10% of it has been on screen (spec). */
function InsightCard({ target, metric, range, title, wide, onMissing }: {
  target: InsightsTarget; metric: InsightMetric; range: ReportRange; title: string; wide?: boolean; onMissing: () => void;
}) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const { data, isError, error, refetch } = useInsight(target, metric, range, seen);
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => { if (missing) onMissing(); }, [missing, onMissing]);
  const rows = (data as RankedReport | undefined)?.datasets?.[0]?.data ?? [];
  const partLink = (p: ReportPoint) => {
    const m = p.model;
    if (!m) return p.label;
    const to = m.model_type === 'season' ? `/admin/titles/${m.title_id}/insights/seasons/${m.number}` : `/admin/titles/${m.title_id}/insights/seasons/${m.season_number}/episodes/${m.episode_number}`;
    return <Link className="hover:underline" to={to}>{m.model_type === 'episode' ? `${m.season_number}×${m.episode_number} ${p.label}` : p.label}</Link>;
  };
  return (
    <ReportCard title={title} wide={wide} testId={`insight-${metric}`}>
      <div ref={ref} className={data || isError ? 'min-h-24' : LOADING_HEIGHT.get(metric) ?? 'min-h-48'}>
        {isError && <InlineLoadError message={trans('The report could not be loaded.')} retry={refetch} />}
        {!data && !isError && <p className="text-sm text-text-muted">{trans('Loading…')}</p>}
        {data && metric === 'plays' && <LineChart report={data as TimeSeriesReport} timezone={range.timezone} label={trans('Plays')} />}
        {data && metric === 'devices' && <BarList data={deviceLabels(rows)} caption={title} nameHeader={trans('Device')} />}
        {data && metric === 'platforms' && <BarList data={rows} caption={title} nameHeader={trans('Platform')} />}
        {data && (metric === 'seasons' || metric === 'episodes') && <BarList data={rows} caption={title} nameHeader={metric === 'seasons' ? trans('Season') : trans('Episode')} link={partLink} />}
        {data && metric === 'locations' && (
          <LazyPart fallback={<p className="text-sm text-text-muted">{trans('Loading…')}</p>}><WorldMap data={countryLabels(rows)} /></LazyPart>
        )}
      </div>
    </ReportCard>
  );
}

function targetOf(p: Readonly<Record<string, string | undefined>>): { target: InsightsTarget; heading: string } | null {
  const n = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  if (p.videoId) return n(p.videoId) ? { target: { model: 'video', id: n(p.videoId)! }, heading: trans('Video insights') } : null;
  const id = n(p.titleId);
  if (!id) return null;
  const season = n(p.season);
  const episode = n(p.episode);
  if (p.episode !== undefined) return season !== null && episode !== null ? { target: { model: 'episode', id, season, episode }, heading: trans('Season :season, episode :episode insights', { season, episode }) } : null;
  if (p.season !== undefined) return season !== null ? { target: { model: 'season', id, season }, heading: trans('Season :season insights', { season }) } : null;
  return { target: { model: 'title', id }, heading: trans('Title insights') };
}

/**
 * Back to the title's or video's edit screen, named once it has loaded; not there for staff who read reports but may
 * not open that screen (it would answer "no access"). The heading names the subject from the insights answer itself.
 */
function BackLink({ target }: { target: InsightsTarget }) {
  const video = target.model === 'video';
  const { user } = useAuth();
  const allowed = userCan(user, video ? VIDEOS : TITLES);
  // Named once the title or video loads, asked only by those who may open it.
  const title = useTitle(allowed && !video ? target.id : undefined);
  const clip = useVideo(allowed && video ? target.id : undefined);
  const name = (video ? clip : title).data?.name;
  if (!allowed) return null;
  return (
    <Link to={video ? `/admin/videos/${target.id}/edit` : `/admin/titles/${target.id}/edit`} className="text-sm text-text-muted hover:underline">
      {name ? trans('Back to :name', { name }) : video ? trans('Back to the video') : trans('Back to the title')}
    </Link>
  );
}

/** Insights of a title, season, episode or video: plays, devices, locations and platforms; a title adds its seasons and episodes. */
export function Component() {
  const found = targetOf(useParams());
  if (!found) return <div className="p-8"><PageTitle>{trans('Not found')}</PageTitle></div>;
  return <Insights {...found} />;
}

function Insights({ target, heading }: { target: InsightsTarget; heading: string }) {
  const rangeState = useReportRange();
  const { range, errors } = rangeState;
  const valid = !errors.startDate && !errors.endDate;
  // The insights call names what they are about (reports-only staff may not read the title or video itself).
  const subject = useInsightSubject(target, range, valid);
  // A title, video, season or episode that does not exist has no insights: one not-found page, not an error per card.
  const [missing, setMissing] = useState(false);
  const onMissing = useCallback(() => setMissing(true), []);
  if (missing || (subject.error instanceof ApiError && subject.error.status === 404)) return <NotFoundPage />;
  // A movie has no seasons or episodes to rank: only a series' title insights show those cards.
  const series = target.model === 'title' && subject.data?.is_series === true;
  const key = `${target.model}:${target.id}:${target.season}:${target.episode}:${rangeState.key}`;
  return (
    <div className="space-y-4 p-4 desk:p-8">
      <BackLink target={target} />
      <PageTitle actions={<RangePicker state={rangeState} />}>{subject.data?.name ? trans(':kind: :name', { kind: heading, name: subject.data.name }) : heading}</PageTitle>
      {valid && (
        // Keyed on the range too: a new range starts each card over (waiting to be seen), the picker keeps its focus.
        <div className="grid gap-4 lg:grid-cols-2" key={key}>
          <InsightCard target={target} onMissing={onMissing} metric="plays" range={range} title={trans('Plays')} wide />
          <InsightCard target={target} onMissing={onMissing} metric="devices" range={range} title={trans('Devices')} />
          <InsightCard target={target} onMissing={onMissing} metric="platforms" range={range} title={trans('Platforms')} />
          {series && <InsightCard target={target} onMissing={onMissing} metric="seasons" range={range} title={trans('Most played seasons')} />}
          {series && <InsightCard target={target} onMissing={onMissing} metric="episodes" range={range} title={trans('Most played episodes')} />}
          <InsightCard target={target} onMissing={onMissing} metric="locations" range={range} title={trans('Locations')} wide />
        </div>
      )}
    </div>
  );
}
