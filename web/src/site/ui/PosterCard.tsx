import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { titleUrl } from './urls';

/** The fields a poster card needs; any title shape from the API satisfies it. */
export interface PosterCardTitle {
  id: number;
  name: string;
  poster?: string | null;
  year?: number | null;
  rating?: number | null;
  is_series?: boolean;
}

/** One poster in a grid or row: links to its title and shows year and rating. The site shell issue owns its look. */
export function PosterCard({ title }: { title: PosterCardTitle }) {
  return (
    <Link to={titleUrl(title)} className="group flex flex-col gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-primary">
      <div className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt">
        {title.poster && <img src={title.poster} alt="" className="h-full w-full object-cover transition group-hover:scale-105" loading="lazy" />}
      </div>
      <span className="truncate text-sm font-medium">{title.name}</span>
      <span className="flex gap-2 text-xs text-text-muted">
        {title.year ? <span>{title.year}</span> : null}
        {title.rating ? <span aria-label={trans('Rating :rating', { rating: title.rating.toFixed(1) })}>★ {title.rating.toFixed(1)}</span> : null}
      </span>
    </Link>
  );
}

/** A card-shaped placeholder while a grid loads. */
export function PosterCardSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <div className="skeleton aspect-[2/3] rounded-md" />
      <div className="skeleton h-4 w-3/4 rounded" />
    </div>
  );
}
