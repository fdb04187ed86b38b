import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Film, Info } from 'lucide-react';
import type { ChannelItem, ChannelLayout } from '@app/contracts/channels';
import { HERO_SLIDES, HERO_WIDE_MEDIA } from '@app/contracts/channels-constants';
import { responsiveImage, responsiveSource } from '@app/contracts/image-sizes';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { PlayButtons } from '../ui/PlayButtons';
import { PortraitCard } from '../ui/PortraitCard';
import { PosterCard } from '../ui/PosterCard';
import { PosterCardSkeleton } from '../ui/PosterCardSkeleton';
import { POSTER_GRID_CLASS } from '../ui/PosterGrid';
import { RatingBadge } from '../ui/RatingBadge';
import { RowArrows } from '../ui/RowArrows';
import { ROW_SCROLLER_CLASS, useRowScroll } from '../../ui/row-scroll';
import { ROVING_ITEM, useRovingRow } from '../../ui/roving-row';
import { radioGroup } from '../../ui/radio-group';
import { episodeUrl, personUrl, titleUrl } from '../ui/urls';
import { departmentLabel } from '../people/departments';
import { pageIsRtl } from '../../lib/direction';

/** Where an item links to. */
export function itemUrl(item: ChannelItem): string {
  if (item.model_type === 'title') return titleUrl(item);
  if (item.model_type === 'person') return personUrl(item);
  if (item.model_type === 'episode') return episodeUrl({ id: item.title_id ?? 0, name: item.title_name ?? '' }, item.season_number ?? 1, item.episode_number ?? 1);
  if (item.model_type === 'channel') return `/channel/${item.slug}`;
  if (item.model_type === 'news_article') return `/news/${item.id}/${item.slug ?? ''}`;
  return '/';
}

const subtitle = (i: ChannelItem) => (i.model_type === 'episode' ? `${i.title_name} · ${trans('S:season E:episode', { season: i.season_number ?? 0, episode: i.episode_number ?? 0 })}` : i.year ? String(i.year) : departmentLabel(i.known_for));

/** A portrait card of any item: titles use the catalogue's poster card, people and others a card of their own. */
export function ItemCard({ item, tabIndex }: { item: ChannelItem; tabIndex?: number }) {
  if (item.model_type === 'title') return <PosterCard title={item} tabIndex={tabIndex} />;
  return <PortraitCard href={itemUrl(item)} name={item.name} subtitle={subtitle(item)} image={item.poster} person={item.model_type === 'person'} tabIndex={tabIndex} />;
}

/** A wide card (backdrop) for landscape grids: episodes, or titles by their backdrop. */
export function LandscapeCard({ item, tabIndex }: { item: ChannelItem; tabIndex?: number }) {
  const image = item.backdrop ?? item.poster;
  return (
    <Link to={itemUrl(item)} data-testid="landscape-card" tabIndex={tabIndex} {...{ [ROVING_ITEM]: '' }} className="group flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary">
      <div className="relative aspect-video overflow-hidden rounded-md bg-bg-alt shadow-md">
        {image ? <img {...responsiveImage(image, 'landscape')} alt="" loading="lazy" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
          : <span className="flex h-full w-full items-center justify-center text-text-muted"><Film size="1.75rem" aria-hidden /></span>}
        <RatingBadge rating={item.rating} className="absolute start-2 top-2" />
      </div>
      <span className="truncate text-sm font-medium group-hover:text-primary">{item.name}</span>
      {subtitle(item) && <span className="-mt-1.5 truncate text-xs text-text-muted">{subtitle(item)}</span>}
    </Link>
  );
}

function ListRow({ item }: { item: ChannelItem }) {
  return (
    <Link to={itemUrl(item)} className="group flex gap-4 rounded-md p-2 outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary">
      <div className="h-28 w-20 shrink-0 overflow-hidden rounded bg-bg-alt">
        {item.poster && <img {...responsiveImage(item.poster, 'thumb')} alt="" loading="lazy" className="h-full w-full object-cover" />}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold group-hover:text-primary">{item.name}</span>
        {subtitle(item) && <span className="text-sm text-text-muted">{subtitle(item)}</span>}
        {item.description && <p dir="auto" className="line-clamp-2 text-sm text-text-muted">{item.description}</p>}
      </div>
    </Link>
  );
}

/** Full-width slides of backdrops with the title, overview, Play and More info; previous/next buttons (swipe on phones) and dots. */
export function HeroSlider({ items, label }: { items: ChannelItem[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [touchX, setTouchX] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  // Set when an arrow key changed the slide: focus stays in the carousel even if the new slide lacks the focused button.
  const keptFocus = useRef(false);
  useEffect(() => {
    if (!keptFocus.current) return;
    keptFocus.current = false;
    const el = section.current;
    if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [index]);
  const slides = items.slice(0, HERO_SLIDES);
  if (!slides.length) return null;
  const current = slides[Math.min(index, slides.length - 1)];
  const go = (d: number) => setIndex((i) => (i + d + slides.length) % slides.length);
  const dot = radioGroup({ options: slides.map((_, i) => i), value: Math.min(index, slides.length - 1), choose: setIndex });
  return (
    <section ref={section} aria-roledescription="carousel" aria-label={label} className="relative -mx-4 overflow-hidden sm:mx-0 sm:rounded-xl" data-testid="hero-slider"
      // Left and right anywhere in the carousel (its Play and More info, its previous and next buttons) change the slide,
      // as a remote's arrows do; the dots handle their own arrows (and mark them handled).
      onKeyDown={(e) => {
        if (e.defaultPrevented || slides.length < 2 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        keptFocus.current = true;
        go((e.key === 'ArrowRight') !== pageIsRtl() ? 1 : -1);
      }}
      // Phones swipe between slides (the arrow buttons would cover the text there).
      onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const dx = (e.changedTouches[0]?.clientX ?? 0) - (touchX ?? 0);
        // A swipe towards the reading direction's start shows the next slide.
        if (touchX !== null && Math.abs(dx) > 40) go((dx < 0) !== pageIsRtl() ? 1 : -1);
        setTouchX(null);
      }}>
      <div className="relative aspect-[3/4] max-h-[75vh] w-full bg-bg-alt sm:aspect-[16/9] sm:max-h-[70vh] md:aspect-[21/9]" aria-roledescription="slide" aria-label={trans(':index of :count', { index: index + 1, count: slides.length })}
        // The slides never turn on their own: a screen reader hears each new slide as the visitor changes it (APG carousel).
        aria-live="polite">
        {/* Phones show a tall slide, so the poster; wider screens the backdrop. The browser fetches only the one it shows. */}
        {(current.backdrop ?? current.poster) && (
          <picture>
            {current.backdrop && <source media={HERO_WIDE_MEDIA} {...responsiveSource(current.backdrop, 'wide')} />}
            <img {...responsiveImage(current.poster ?? current.backdrop ?? '', 'wide')} alt="" fetchPriority={index === 0 ? 'high' : 'auto'} className="absolute inset-0 h-full w-full object-cover" />
          </picture>
        )}
        <div className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/40 to-transparent md:bg-gradient-to-r md:from-black/85 md:via-black/40 rtl:md:bg-gradient-to-l" />
        <div className="absolute inset-x-0 bottom-0 flex max-w-2xl flex-col gap-3 p-6 pb-8 text-white sm:px-16 md:pb-10">
          <h2 className="text-3xl font-bold drop-shadow md:text-5xl">{current.name}</h2>
          <div className="flex items-center gap-3 text-sm text-white/80">
            {current.year && <span>{current.year}</span>}
            <RatingBadge rating={current.rating} />
          </div>
          {current.description && <p dir="auto" className="line-clamp-3 text-sm text-white/90 md:text-base">{current.description}</p>}
          <PlayButtons play={current.play_video_id ?? null} episode={current.play_episode}>
            <Link to={itemUrl(current)} className={buttonClass(current.play_video_id ? 'overlay' : 'primary', 'md', 'h-11 px-6 text-base')}>
              <Info size="1.125rem" aria-hidden />{trans('More info')}
            </Link>
          </PlayButtons>
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" onClick={() => go(-1)} aria-label={trans('Previous slide')} className="absolute start-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 sm:block"><ChevronLeft size="1.5rem" aria-hidden className="rtl:-scale-x-100" /></button>
          <button type="button" onClick={() => go(1)} aria-label={trans('Next slide')} className="absolute end-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70 sm:block"><ChevronRight size="1.5rem" aria-hidden className="rtl:-scale-x-100" /></button>
          {/* The dots are one Tab stop: the arrow keys, Home and End choose a slide (ten dots were ten stops). */}
          <div className="absolute bottom-2 end-4 flex" role="radiogroup" aria-label={trans('Slides')}>
            {slides.map((s, i) => (
              // A 24 px target around the small dot (WCAG 2.2 target size); the dot itself stays the visual.
              <button key={s.id} type="button" onClick={() => setIndex(i)} aria-label={trans('Go to slide :index', { index: i + 1 })} {...dot(i)}
                className="flex h-6 min-w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white">
                <span aria-hidden className={cn('h-2 rounded-full bg-white/50 transition-all', i === index ? 'w-6 bg-white' : 'w-2')} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** A scrolling row of cards: one Tab stop, the arrow keys move along it (useRovingRow). */
function Carousel({ items, label }: { items: ChannelItem[]; label: string }) {
  const row = useRowScroll<HTMLUListElement>(items.length);
  const roving = useRovingRow(items.length);
  return (
    <div className="group/row relative">
      <ul ref={row.ref} className={ROW_SCROLLER_CLASS} aria-label={label} {...roving.listProps}>
        {items.map((i, index) => <li key={`${i.model_type}${i.id}`} className="w-36 shrink-0 snap-start sm:w-44"><ItemCard item={i} tabIndex={roving.tabIndexOf(index)} /></li>)}
      </ul>
      <RowArrows row={row} />
    </div>
  );
}

const LANDSCAPE_GRID = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-4 lg:grid-cols-3 xl:grid-cols-4';

/** Items in one of the five layouts; `loading` appends skeletons (the next page coming). */
export function ChannelItems({ items, layout, label, loading = 0 }: { items: ChannelItem[]; layout: ChannelLayout; label: string; loading?: number }) {
  if (layout === 'heroSlider') return <HeroSlider items={items} label={label} />;
  if (layout === 'carousel') return <Carousel items={items} label={label} />;
  if (layout === 'list') {
    return <ul className="flex flex-col gap-2" aria-label={label}>{items.map((i) => <li key={`${i.model_type}${i.id}`}><ListRow item={i} /></li>)}</ul>;
  }
  return <ItemGrid items={items} landscape={layout === 'landscapeGrid'} label={label} loading={loading} />;
}

/** The poster and landscape grids: one Tab stop, the arrow keys move along and between lines (useRovingRow's grid). */
function ItemGrid({ items, landscape, label, loading }: { items: ChannelItem[]; landscape: boolean; label: string; loading: number }) {
  const roving = useRovingRow(items.length, { grid: true });
  return (
    <ul className={landscape ? LANDSCAPE_GRID : POSTER_GRID_CLASS} aria-label={label} aria-busy={loading > 0 || undefined} {...roving.listProps}>
      {items.map((i, index) => (
        <li key={`${i.model_type}${i.id}`}>
          {landscape ? <LandscapeCard item={i} tabIndex={roving.tabIndexOf(index)} /> : <ItemCard item={i} tabIndex={roving.tabIndexOf(index)} />}
        </li>
      ))}
      {Array.from({ length: loading }, (_, i) => <li key={`s${i}`}>{landscape ? <div className="skeleton aspect-video" /> : <PosterCardSkeleton />}</li>)}
    </ul>
  );
}

/** Skeleton of a channel page: a hero and two rows. */
export function ChannelSkeleton() {
  return (
    <div className="flex flex-col gap-8" role="status" aria-label={trans('Loading')}>
      <div className="skeleton aspect-[21/9] w-full rounded-xl" />
      {[0, 1].map((r) => (
        <div key={r} className="flex flex-col gap-3">
          <div className="skeleton h-6 w-48" />
          <div className="flex gap-4 overflow-hidden">{Array.from({ length: 7 }, (_, i) => <div key={i} className="w-36 shrink-0 sm:w-44"><PosterCardSkeleton /></div>)}</div>
        </div>
      ))}
    </div>
  );
}
