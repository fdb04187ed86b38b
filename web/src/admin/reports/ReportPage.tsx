import { Link, NavLink, useLocation } from 'react-router';
import type { HeaderReportItem, ReportPoint } from '@app/contracts/reports';
import { useAuth, userCan } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { PageTitle } from '../PageTitle';
import { useAdminReport } from './api';
import { BarList } from './charts/BarList';
import { LineChart } from './charts/LineChart';
import { formatNumber, formatPercent } from './format';
import { formatFileSize } from '../../lib/format';
import { countryLabels, deviceLabels } from './labels';
import { RangePicker, useReportRange } from './RangePicker';
import { ReportCard } from './ReportCard';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';
import { InlineLoadError } from '../../site/ErrorPages';

// The map and its data (d3-geo, topojson, world-atlas) load only when a report shows one.
const WorldMap = retryableLazy(() => import('./WorldMap'));

const HEADER_LABELS = new Map<string, () => string>([
  ['Plays', () => trans('Plays')], ['Visitors', () => trans('Visitors')], ['Page views', () => trans('Page views')],
  ['New users', () => trans('New users')], ['Active subscriptions', () => trans('Active subscriptions')], ['Storage used', () => trans('Storage used')],
]);

function HeaderStrip({ items }: { items: HeaderReportItem[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="header-report">
      {items.map((i) => (
        <div key={i.name} className="rounded-md border border-border bg-bg-elevated p-3">
          <dt className="text-xs text-text-muted">{HEADER_LABELS.get(i.name)?.() ?? i.name}</dt>
          {/* A number never breaks inside itself: on a phone's two columns the change moves under the value instead. */}
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="whitespace-nowrap text-xl font-semibold tabular-nums">{i.type === 'fileSize' ? formatFileSize(i.currentValue) : formatNumber(i.currentValue)}</span>
            <span className={cn('whitespace-nowrap text-xs tabular-nums', i.percentageChange > 0 ? 'text-success' : i.percentageChange < 0 ? 'text-danger' : 'text-text-muted')}>
              {formatPercent(i.percentageChange, true)}
              <span className="sr-only"> {trans('compared with the previous period')}</span>
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const titleLink = (p: ReportPoint) => (p.model ? <Link className="hover:underline" to={`/admin/titles/${p.model.id}/insights`}>{p.label}</Link> : p.label);
const videoLink = (p: ReportPoint) => (p.model ? <Link className="hover:underline" to={`/admin/videos/${p.model.id}/insights`}>{p.label}</Link> : p.label);
const userLink = (p: ReportPoint) => (p.model ? <Link className="hover:underline" to={`/admin/users/${p.model.id}/edit`}>{p.label}</Link> : p.label);

/** `/admin`, `/admin/plays` and `/admin/visitors`: one report with the Plays/Visitors toggle (spec Part C). */
export function Component() {
  const visitors = useLocation().pathname.replace(/\/$/, '').endsWith('/visitors');
  const rangeState = useReportRange();
  const { range, errors } = rangeState;
  const valid = !errors.startDate && !errors.endDate;
  const report = useAdminReport(range, visitors ? 'header,visitors' : 'header,plays', valid);
  // The previous range's figures stay on screen while the next load; never under dates they do not belong to.
  const data = valid ? report.data : undefined;
  const isError = valid && report.isError;
  const search = useLocation().search;
  const tab = ({ isActive }: { isActive: boolean }) => cn('rounded px-3 py-1.5 text-sm', isActive ? 'bg-primary text-on-primary' : 'hover:bg-hover');
  // A user's row opens their edit screen only for staff who may open it.
  const editsUsers = userCan(useAuth().user, 'users.update');
  const locations = countryLabels((visitors ? data?.visitorsReport?.locations : data?.playsReport?.locations)?.datasets[0]?.data ?? []);

  return (
    <div className="space-y-4 p-4 desk:p-8">
      <PageTitle actions={<RangePicker state={rangeState} />}>{trans('Analytics report')}</PageTitle>
      <nav aria-label={trans('Report')} className="inline-flex gap-1 rounded-md border border-border p-1">
        <NavLink to={`/admin/plays${search}`} className={(s) => tab({ isActive: s.isActive || !visitors })} aria-current={!visitors ? 'page' : undefined}>{trans('Plays')}</NavLink>
        <NavLink to={`/admin/visitors${search}`} className={tab}>{trans('Visitors')}</NavLink>
      </nav>
      {isError && <InlineLoadError message={trans('The report could not be loaded.')} retry={report.refetch} />}
      {data?.googleAnalyticsError && (
        <p role="status" className="rounded-md bg-warning/15 px-3 py-2 text-sm" data-testid="ga-error">
          {trans('Google Analytics could not be read, so the visitors and page views are those this site recorded. Reason: :reason', { reason: data.googleAnalyticsError })}
        </p>
      )}
      {data?.visitorsSource === 'googleAnalytics' && (
        <p className="text-sm text-text-muted" data-testid="visitors-source">{trans('Visitors and page views from Google Analytics.')}</p>
      )}
      {data?.headerReport && <HeaderStrip items={data.headerReport} />}
      <div className="grid gap-4 lg:grid-cols-2">
        {visitors && data?.visitorsReport && (
          <>
            <ReportCard title={trans('Page views')} wide testId="page-views">
              <LineChart report={data.visitorsReport.pageViews} timezone={range.timezone} label={trans('Page views')} />
            </ReportCard>
            <ReportCard title={trans('Devices')}><BarList data={deviceLabels(data.visitorsReport.devices.datasets[0].data)} caption={trans('Devices')} nameHeader={trans('Device')} /></ReportCard>
            <ReportCard title={trans('Browsers')}><BarList data={data.visitorsReport.browsers.datasets[0].data} caption={trans('Browsers')} nameHeader={trans('Browser')} /></ReportCard>
            <ReportCard title={trans('Platforms')}><BarList data={data.visitorsReport.platforms.datasets[0].data} caption={trans('Platforms')} nameHeader={trans('Platform')} /></ReportCard>
          </>
        )}
        {!visitors && data?.playsReport && (
          <>
            <ReportCard title={trans('Plays')} wide testId="plays-chart">
              <LineChart report={data.playsReport.plays} timezone={range.timezone} label={trans('Plays')} />
            </ReportCard>
            <ReportCard title={trans('Top devices')}><BarList data={deviceLabels(data.playsReport.devices.datasets[0].data)} caption={trans('Top devices')} nameHeader={trans('Device')} /></ReportCard>
            <ReportCard title={trans('Top platforms')}><BarList data={data.playsReport.platforms.datasets[0].data} caption={trans('Top platforms')} nameHeader={trans('Platform')} /></ReportCard>
            <ReportCard title={trans('Most played series')} testId="top-series"><BarList data={data.playsReport.topSeries.datasets[0].data} caption={trans('Most played series')} nameHeader={trans('Series')} link={titleLink} /></ReportCard>
            <ReportCard title={trans('Most played movies')} testId="top-movies"><BarList data={data.playsReport.topMovies.datasets[0].data} caption={trans('Most played movies')} nameHeader={trans('Movie')} link={titleLink} /></ReportCard>
            <ReportCard title={trans('Most played videos')}><BarList data={data.playsReport.topVideos.datasets[0].data} caption={trans('Most played videos')} nameHeader={trans('Video')} link={videoLink} /></ReportCard>
            <ReportCard title={trans('Top users')} testId="top-users"><BarList data={data.playsReport.topUsers.datasets[0].data} caption={trans('Top users')} nameHeader={trans('User')} link={editsUsers ? userLink : undefined} /></ReportCard>
          </>
        )}
        {data && (data.visitorsReport || data.playsReport) && (
          <ReportCard title={visitors ? trans('Locations') : trans('Top locations')} wide testId="locations">
            <LazyPart fallback={<p className="text-sm text-text-muted">{trans('Loading…')}</p>}>
              <WorldMap data={locations} />
            </LazyPart>
          </ReportCard>
        )}
      </div>
    </div>
  );
}
