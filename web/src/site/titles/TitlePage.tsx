import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Tag as TagIcon } from 'lucide-react';
import type { Season, Title, TitlePageData } from '@app/contracts';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate, formatMoney } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { AdSlot } from '../ads/AdSlot';
import { browseUrl, type BrowseState } from '../browse/browse-params';
import { seasonUrl } from '../ui/urls';
import { ImageGallery } from './Lightbox';
import { AddToList, DeferredComments, DeferredRelated, DeferredReviews } from './Deferred';
import { NotStreamingNote, NotifyMeButton } from './NotStreamingYet';
import { ShareButton } from '../ui/ShareButton';
import { RatingText } from '../ui/RatingBadge';
import { PageError, PageSkeleton, Section } from './PageState';
import { CastList, CrewList, Hero, VideoList, formatRuntime, languageName, panelVideos } from './parts';
import { HERO_ACTION, PlayButtons } from '../ui/PlayButtons';
import { SeasonEpisodes } from './SeasonEpisodes';
import { ClampedText } from '../ui/ClampedText';
import { PAGE_BOX } from '../ui/page-width';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

/** /titles/:id/:slug? — the header, then the sections in the order and on/off state of client.title_page.sections. */
export function Component() {
  const id = positiveId(useParams().id);
  const query = usePageData<TitlePageData>(id ? `titles/${id}/page` : null);
  useDocumentTitle(query.data?.title.name ?? trans('Loading'));
  if (!id || query.isError) return <PageError error={query.error} />;
  if (!query.data) return <PageSkeleton />;
  return <TitleView data={query.data} />;
}

function TitleView({ data }: { data: TitlePageData }) {
  const { title } = data;
  const renderers = new Map<string, () => ReactNode>([
    // Keyed: going from one series to another starts on the new one's season, not the season picked on the last.
    ['episodes', () => (title.is_series && data.episodes.length ? <SeasonEpisodes key={title.id} data={data} /> : null)],
    ['seasons', () => (title.is_series && data.seasons.length ? (
      <Section id="seasons" title={trans('Seasons')}><SeasonList title={title} seasons={data.seasons} /></Section>
    ) : null)],
    ['videos', () => {
      if (data.video_panel.mode === 'hide') return null;
      const videos = panelVideos(data.videos, data.video_panel.content);
      return videos.length ? <Section id="videos" title={trans('Videos')}><VideoList videos={videos} mode={data.video_panel.mode} pictures={[title.backdrop, title.poster]} /></Section> : null;
    }],
    ['images', () => (title.images?.length ? <Section id="images" title={trans('Images')}><ImageGallery images={title.images} name={title.name} /></Section> : null)],
    ['reviews', () => <DeferredReviews titleId={title.id} />],
    ['cast', () => (data.cast.length || data.crew.length ? (
      <Section id="cast" title={trans('Cast')}>
        <CastList cast={data.cast} />
        {data.crew.length ? <div className="mt-6"><CrewList crew={data.crew} /></div> : null}
      </Section>
    ) : null)],
    ['related', () => <DeferredRelated titles={data.related} />],
  ]);
  return (
    <article>
      <TitleHeader data={data} />
      <AdSlot slot="title_top" />
      <div className={cn(PAGE_BOX, 'flex flex-col lg:flex-row lg:items-start')}>
        <div className="min-w-0 flex-1">
          {data.sections.filter((s) => s.enabled).map((s) => <div key={s.name}>{renderers.get(s.name)?.()}</div>)}
          <DeferredComments titleId={title.id} />
        </div>
        <Facts title={title} />
      </div>
      <AdSlot slot="title_bottom" />
    </article>
  );
}

function TitleHeader({ data }: { data: TitlePageData }) {
  const { title } = data;
  const nothingToPlay = !data.play_video_id && !data.resume;
  // The year and the rating certificate lead to the browse page filtered by them, as the genres do.
  const browse = (narrowed: Partial<BrowseState>) => browseUrl(title.is_series, narrowed);
  const meta: [string, string | null][] = ([
    [title.year ? String(title.year) : '', title.year ? browse({ yearFrom: String(title.year), yearTo: String(title.year) }) : null],
    [formatRuntime(title.runtime), null],
    [title.certification ?? '', title.certification ? browse({ certification: title.certification }) : null],
  ] as [string, string | null][]).filter(([text]) => text);
  return (
    <Hero backdrop={title.backdrop} poster={title.poster}>
      <h1 className="text-3xl font-bold sm:text-4xl">{title.name}</h1>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
        {meta.map(([text, to]) => (to ? <Link key={text} to={to} className="hover:text-text hover:underline">{text}</Link> : <span key={text}>{text}</span>))}
        <RatingText rating={title.rating} />
      </div>
      {/* The site's own tags lead, as badges; genres follow on the same line. */}
      <div className="flex flex-wrap items-center gap-2 empty:hidden">
        {title.tags?.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={trans('Tags')}>
            {title.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={browse({ tag: String(tag.id) })} className="inline-flex items-center gap-1 rounded bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary hover:opacity-90">
                  <TagIcon size="0.75rem" aria-hidden />{tag.display_name || tag.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {title.genres?.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={trans('Genres')}>
            {title.genres.map((g) => (
              <li key={g.id}>
                <Link to={browse({ genres: [g.id] })} className="block rounded-full border border-border px-3 py-0.5 text-xs hover:border-primary hover:text-primary">{g.display_name || g.name}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {title.tagline ? <p dir="auto" className="text-lg italic text-text-muted">{title.tagline}</p> : null}
      {title.description ? <ClampedText text={title.description} className="max-w-3xl leading-relaxed" /> : null}
      {nothingToPlay ? <NotStreamingNote titleId={title.id} /> : null}
      <PlayButtons
        play={data.play_video_id} episode={data.play_episode} resume={data.resume} trailer={data.trailer_video_id}
        unplayable={nothingToPlay ? <NotifyMeButton titleId={title.id} /> : null}
      >
        <AddToList titleId={title.id} />
        <ShareButton title={title.name} className={HERO_ACTION} />
      </PlayButtons>
    </Hero>
  );
}

/** Links to the browse page filtered by one value, separated by commas. */
function BrowseLinks({ items }: { items: { key: string | number; text: string; to: string }[] }) {
  return <>{items.map((i, n) => <span key={i.key}>{n ? ', ' : ''}<Link to={i.to} className="underline decoration-text-muted/50 underline-offset-2 hover:decoration-current">{i.text}</Link></span>)}</>;
}

function Facts({ title }: { title: Title }) {
  const countries = (title.production_countries ?? []).map((c) => ({ key: c.id, text: c.display_name || c.name, to: browseUrl(title.is_series, { country: String(c.id) }) }));
  const keywords = (title.keywords ?? []).map((k) => ({ key: k.id, text: k.display_name || k.name, to: browseUrl(title.is_series, { keyword: String(k.id) }) }));
  const language = languageName(title.language);
  const facts: [string, ReactNode][] = [
    [trans('Original title'), title.original_title && title.original_title !== title.name ? title.original_title : ''],
    [trans('Release date'), formatDate(title.release_date)],
    [trans('Seasons'), title.is_series ? String(title.seasons_count) : ''],
    [trans('Episodes'), title.is_series ? String(title.episodes_count) : ''],
    [trans('Countries'), countries.length ? <BrowseLinks items={countries} /> : ''],
    [trans('Languages'), language && title.language ? <BrowseLinks items={[{ key: title.language, text: language, to: browseUrl(title.is_series, { language: title.language }) }]} /> : ''],
    [trans('Budget'), title.budget ? formatMoney(title.budget, 'USD', { whole: true }) : ''],
    [trans('Revenue'), title.revenue ? formatMoney(title.revenue, 'USD', { whole: true }) : ''],
    [trans('Keywords'), keywords.length ? <BrowseLinks items={keywords} /> : ''],
  ];
  const shown = facts.filter(([, v]) => v);
  if (!shown.length) return null;
  return (
    <aside aria-labelledby="facts-heading" className="mx-4 my-6 rounded-md border border-border bg-bg-alt p-4 sm:mx-6 lg:w-72 lg:shrink-0">
      <h2 id="facts-heading" className="mb-3 text-lg font-semibold">{trans('Facts')}</h2>
      <dl className="flex flex-col gap-3 text-sm">
        {shown.map(([k, v]) => <div key={k}><dt className="text-text-muted">{k}</dt><dd className="font-medium">{v}</dd></div>)}
      </dl>
    </aside>
  );
}

function SeasonList({ title, seasons }: { title: Title; seasons: Season[] }) {
  return (
    <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
      {seasons.map((s) => (
        <li key={s.id}>
          <Link to={seasonUrl(title, s.number)} className="group flex flex-col gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <div className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt">
              {s.poster || title.poster ? <img {...responsiveImage(s.poster || title.poster!, 'poster')} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
            </div>
            <span className="text-sm font-medium group-hover:underline">{trans('Season :number', { number: s.number })}</span>
            <span className="text-xs text-text-muted">{trans('[one 1 episode|other :count episodes]', { count: s.episodes_count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
