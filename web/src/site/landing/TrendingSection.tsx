import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import type { PosterCardTitle } from '../ui/PosterCard';
import { PosterRow } from '../ui/PosterRow';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

const params = { orderBy: 'popularity', orderDir: 'desc', perPage: 18, with: 'genres' };

/** The most popular titles as a row of poster cards linking to their pages; an empty catalogue says so. */
export default function TrendingSection() {
  const { data } = useQuery({
    queryKey: queryKeys.list('titles', params),
    queryFn: () => api.get<{ pagination: { data: PosterCardTitle[] } }>('titles', params).then((r) => r.pagination.data).catch(() => []),
  });
  return (
    <section className="border-t border-border" data-appearance="trending">
      <div className={cn(PAGE_WIDTH, 'py-16')}>
        <PosterRow title={trans('Trending now')} titles={data} moreUrl="/movies"
          empty={<p className="text-text-muted">{trans('Nothing is trending yet.')}</p>} />
      </div>
    </section>
  );
}
