/** The page after `p`, for an infinite query's getNextPageParam; undefined on the last one. */
export const nextPage = (p: { current_page: number; last_page: number }): number | undefined =>
  (p.current_page < p.last_page ? p.current_page + 1 : undefined);
