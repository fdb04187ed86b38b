import { Link } from 'react-router';
import { Film, UserRound } from 'lucide-react';
import { cn } from '../../ui/cn';
import { ROVING_ITEM, useRovingRow } from '../../ui/roving-row';
import { responsiveImage } from '@app/contracts/image-sizes';

/** The grid people's portraits are laid out in (the people page, search results): round portraits need less room than posters. */
const PORTRAIT_GRID = 'grid grid-cols-3 gap-x-4 gap-y-6 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8';

export interface PortraitCardProps {
  href: string;
  name: string;
  subtitle?: string | null;
  image?: string | null;
  /** People: a round portrait with the name centred under it. */
  person?: boolean;
  /** A roving row's (useRovingRow): -1 takes the card out of the Tab order. */
  tabIndex?: number;
}

/** One person of a PortraitGrid: where their card leads and what it shows. */
export interface PortraitGridPerson { key: string | number; href: string; name: string; subtitle?: string | null; image?: string | null }

/**
 * People's portraits in a grid, one Tab stop whose arrow keys move in two dimensions (useRovingRow's grid): a page of
 * sixty people is not sixty stops. The people page and search results use it.
 */
export function PortraitGrid({ people, label, busy }: { people: PortraitGridPerson[]; label?: string; busy?: boolean }) {
  const roving = useRovingRow(people.length, { grid: true });
  return (
    <ul className={PORTRAIT_GRID} aria-label={label} aria-busy={busy || undefined} {...roving.listProps}>
      {people.map((p, i) => <li key={p.key}><PortraitCard href={p.href} name={p.name} subtitle={p.subtitle} image={p.image} person tabIndex={roving.tabIndexOf(i)} /></li>)}
    </ul>
  );
}

/** A portrait card of something that is not a title (a person, a channel, an article): its image, name and one line under. */
export function PortraitCard({ href, name, subtitle, image, person, tabIndex }: PortraitCardProps) {
  return (
    <Link to={href} data-testid="poster-card" tabIndex={tabIndex} {...{ [ROVING_ITEM]: '' }} className="group flex flex-col gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-primary">
      <div className={cn('relative overflow-hidden bg-bg-alt shadow-md', person ? 'aspect-square rounded-full' : 'aspect-[2/3] rounded-md')}>
        {image
          ? <img {...responsiveImage(image, 'poster')} alt="" loading="lazy" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
          : <span className="flex h-full w-full items-center justify-center text-text-muted">{person ? <UserRound size="2rem" aria-hidden /> : <Film size="1.75rem" aria-hidden />}</span>}
      </div>
      <span className={cn('truncate text-sm font-medium group-hover:text-primary', person && 'text-center')}>{name}</span>
      {subtitle && <span className={cn('-mt-1.5 truncate text-xs text-text-muted', person && 'text-center')}>{subtitle}</span>}
    </Link>
  );
}
