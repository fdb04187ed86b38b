import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';

interface TitleCard { id: number; name: string; poster?: string | null; year?: number | null }
const params = { orderBy: 'popularity', orderDir: 'desc', perPage: 12 };

/** The most popular titles; an empty or unavailable catalogue shows the section's empty state. */
export default function TrendingSection() {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.list('titles', params),
    queryFn: () => api.get<{ pagination: { data: TitleCard[] } }>('titles', params).then((r) => r.pagination.data).catch(() => []),
  });
  return (
    <section className="border-t border-border" aria-labelledby="landing-trending" data-appearance="trending">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="landing-trending" className="mb-6 text-2xl font-bold">{trans('Trending now')}</h2>
        {isPending ? (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">{Array.from({ length: 6 }, (_, i) => <div key={i} className="skeleton aspect-[2/3]" />)}</div>
        ) : data?.length ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
            {data.map((t) => (
              <li key={t.id} className="flex flex-col gap-2">
                <div className="aspect-[2/3] overflow-hidden rounded-md bg-bg-alt">
                  {t.poster && <img src={t.poster} alt="" className="h-full w-full object-cover" loading="lazy" />}
                </div>
                <span className="truncate text-sm font-medium">{t.name}{t.year ? ` (${t.year})` : ''}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-text-muted">{trans('Nothing is trending yet.')}</p>
        )}
      </div>
    </section>
  );
}
