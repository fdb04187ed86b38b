import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { PublicVideo, TitleCredit, TitlePageData } from '@app/contracts';
import { initialsOf } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { currentLanguage } from '../../lib/locale';
import { videoCategoryLabel } from '../../lib/video-labels';
import { buttonClass } from '../../ui/Button';
import { personUrl, watchUrl } from '../ui/urls';
import { Section } from './PageState';
import { VideoPicture } from '../watch/VideoPicture';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? trans(':hoursh :minutesm', { hours: h, minutes: m }) : trans(':minutesm', { minutes: m });
}

export function languageName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(currentLanguage(), { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Cast as a row of portrait cards linking to each person's page. */
export function CastList({ cast }: { cast: TitleCredit[] }) {
  if (!cast.length) return <p className="text-text-muted">{trans('No cast yet.')}</p>;
  return (
    <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
      {cast.map((c) => (
        <li key={c.pivot.id}>
          <Link to={personUrl(c)} className="group flex flex-col gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <div className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt">
              {c.poster ? <img {...responsiveImage(c.poster, 'poster')} alt="" loading="lazy" className="h-full w-full object-cover transition group-hover:scale-105" />
                : <div className="flex h-full items-center justify-center text-3xl text-text-muted" aria-hidden="true">{initialsOf(c.name)}</div>}
            </div>
            <span className="truncate text-sm font-medium group-hover:underline">{c.name}</span>
            {c.pivot.character ? <span className="truncate text-xs text-text-muted">{c.pivot.character}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Crew as "job: name" lines, names linking to their pages. */
export function CrewList({ crew }: { crew: TitleCredit[] }) {
  if (!crew.length) return null;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 md:grid-cols-3">
      {crew.map((c) => (
        <div key={c.pivot.id} className="flex flex-col">
          <dt className="text-text-muted">{c.pivot.job}</dt>
          <dd><Link to={personUrl(c)} className="font-medium hover:underline">{c.name}</Link></dd>
        </div>
      ))}
    </dl>
  );
}


const SHORT = new Set(['trailer', 'clip', 'featurette', 'teaser']);
/** The videos the "shown videos" setting picks. */
export function panelVideos(videos: PublicVideo[], content: TitlePageData['video_panel']['content']): PublicVideo[] {
  if (content === 'all') return videos;
  if (content === 'short') return videos.filter((v) => SHORT.has(v.category));
  return videos.filter((v) => v.category === content);
}

/** Video cards linking to the watch page, as a scrolling row (carousel) or a grid; `pictures` stand in for a missing thumbnail. */
export function VideoList({ videos, mode = 'grid', pictures = [] }: { videos: PublicVideo[]; mode?: 'carousel' | 'grid'; pictures?: (string | null)[] }) {
  if (!videos.length) return <p className="text-text-muted">{trans('No videos yet.')}</p>;
  return (
    <ul className={mode === 'carousel' ? 'flex snap-x gap-4 overflow-x-auto pb-2' : 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3'}>
      {videos.map((v) => (
        <li key={v.id} className={mode === 'carousel' ? 'w-64 shrink-0 snap-start' : ''}>
          <Link to={watchUrl(v.id)} className="group flex flex-col gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <div className="relative aspect-video overflow-hidden rounded-md bg-bg-alt">
              <VideoPicture images={[v.thumbnail, ...pictures]} />
              <span className="absolute inset-0 flex items-center justify-center text-3xl text-white opacity-80 group-hover:opacity-100" aria-hidden="true">▶</span>
            </div>
            <span className="truncate text-sm font-medium">{v.name}</span>
            <span className="text-xs text-text-muted">{videoCategoryLabel(v.category)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Previous/next links of a season or episode page. */
export function PrevNext({ previous, next, label }: { previous: { to: string; text: string } | null; next: { to: string; text: string } | null; label: string }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={cn(PAGE_WIDTH, 'flex justify-between gap-4 py-6')}>
      {/* Each keeps to its half of a phone's width; a long episode name is cut short, not pushed off the page. */}
      {previous ? <Link to={previous.to} rel="prev" className={buttonClass('outline', 'md', 'min-w-0 max-w-[48%]')}><ArrowLeft size="1rem" aria-hidden className="shrink-0 rtl:-scale-x-100" /><span className="truncate">{previous.text}</span></Link> : <span />}
      {next ? <Link to={next.to} rel="next" className={buttonClass('outline', 'md', 'min-w-0 max-w-[48%]')}><span className="truncate">{next.text}</span><ArrowRight size="1rem" aria-hidden className="shrink-0 rtl:-scale-x-100" /></Link> : <span />}
    </nav>
  );
}

/** A page header over the backdrop: poster at the side, the children beside it. */
/** A page's header: `backdrop` faint behind it, `poster` beside the text; `still` instead beside it, landscape (an episode's). */
export function Hero({ backdrop, poster, still, children }: { backdrop: string | null; poster?: string | null; still?: string | null; children: ReactNode }) {
  return (
    <header className="relative isolate overflow-hidden bg-bg-alt">
      {backdrop ? (
        <>
          <img {...responsiveImage(backdrop, 'wide')} alt="" fetchPriority="high" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40" />
          <div className="absolute inset-0 -z-10 bg-gradient-to-t from-bg via-bg/70 to-transparent" />
        </>
      ) : null}
      <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-8 sm:flex-row sm:py-12')}>
        {still ? <img {...responsiveImage(still, 'landscape')} alt="" fetchPriority={backdrop ? 'auto' : 'high'} className="hidden aspect-video w-72 shrink-0 self-start rounded-md object-cover shadow-lg sm:block md:w-96" data-testid="hero-still" />
          : poster ? <img {...responsiveImage(poster, 'poster')} alt="" fetchPriority={backdrop ? 'auto' : 'high'} className="hidden aspect-[2/3] w-48 shrink-0 self-start rounded-md bg-bg-alt object-cover shadow-lg sm:block md:w-60" /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-4">{children}</div>
      </div>
    </header>
  );
}

/** The videos and the cast and crew of a season or an episode page. */
export function VideosAndCredits({ videos, cast, crew, pictures }: { videos: PublicVideo[]; cast: TitleCredit[]; crew: TitleCredit[]; pictures: (string | null)[] }) {
  return (
    <>
      {videos.length ? <Section id="videos" title={trans('Videos')}><VideoList videos={videos} pictures={pictures} /></Section> : null}
      {cast.length || crew.length ? (
        <Section id="cast" title={trans('Cast')}>
          <CastList cast={cast} />
          {crew.length ? <div className="mt-6"><CrewList crew={crew} /></div> : null}
        </Section>
      ) : null}
    </>
  );
}

/** Beside the air date of an episode that has not aired yet. */
export function UpcomingBadge() {
  return <span className="ms-2 rounded-full border border-primary/60 px-2 py-0.5 text-[0.7rem] font-medium text-primary">{trans('Upcoming')}</span>;
}
