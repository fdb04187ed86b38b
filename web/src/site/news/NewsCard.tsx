import { Link } from 'react-router';
import { Newspaper } from 'lucide-react';
import type { NewsCard as Card } from '@app/contracts/news';
import { formatDate } from '../../lib/format';
import { responsiveImage } from '@app/contracts/image-sizes';

export const articleUrl = (a: Pick<Card, 'id' | 'slug'>) => `/news/${a.id}/${a.slug}`;

/** A news card: 16:9 image, date, title and excerpt; `featured` spans wider with a larger title (the lead story). */
export function NewsCard({ article, featured }: { article: Card; featured?: boolean }) {
  return (
    <Link
      to={articleUrl(article)}
      data-testid="news-card"
      className={`group flex flex-col gap-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-bg ${featured ? 'sm:col-span-2' : ''}`}
    >
      <div className="relative aspect-video overflow-hidden rounded-lg bg-bg-alt shadow-md">
        {article.image
          ? <img {...responsiveImage(article.image, featured ? 'wide' : 'card')} alt="" loading={featured ? 'eager' : 'lazy'} fetchPriority={featured ? 'high' : 'auto'} className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
          : <span className="flex h-full w-full items-center justify-center bg-gradient-to-br from-bg-alt to-bg-elevated text-text-muted"><Newspaper size="2.25rem" aria-hidden /></span>}
      </div>
      <div className="flex flex-col gap-1">
        <time dateTime={article.created_at} className="text-xs font-semibold uppercase tracking-wide text-primary">{formatDate(article.created_at)}</time>
        <h2 dir="auto" className={`font-semibold leading-snug group-hover:text-primary ${featured ? 'text-2xl' : 'text-lg'}`}>{article.title}</h2>
        {article.excerpt && <p dir="auto" className={`text-sm text-text-muted ${featured ? 'line-clamp-3' : 'line-clamp-2'}`}>{article.excerpt}</p>}
      </div>
    </Link>
  );
}

export function NewsCardSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <div className="skeleton aspect-video rounded-lg" />
      <div className="skeleton h-3 w-24" />
      <div className="skeleton h-5 w-4/5" />
      <div className="skeleton h-4 w-full" />
    </div>
  );
}
