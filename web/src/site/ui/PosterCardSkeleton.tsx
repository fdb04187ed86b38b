/*
 * Apart from PosterCard: a page that shows only skeletons for now (the title page's related titles before their
 * chunk) does not take the card's watchlist toggle into its first load.
 */

/** A card-shaped placeholder while a grid loads. */
export function PosterCardSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <div className="skeleton aspect-[2/3] rounded-md" />
      {/* Each bar in a box of its text line's height (and the meta line's pull-up): a loaded card is no taller. */}
      <div className="py-0.5"><div className="skeleton h-4 w-3/4 rounded" /></div>
      <div className="-mt-1.5 py-0.5"><div className="skeleton h-3 w-1/3 rounded" /></div>
    </div>
  );
}
