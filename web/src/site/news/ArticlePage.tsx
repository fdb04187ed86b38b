import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { NewsArticlePageData } from '@app/contracts/news';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { PageError } from '../titles/PageState';
import { NewsCard } from './NewsCard';
import { CommentsSection } from '../comments/CommentsSection';
import '../../ui/editor/rich-text.css';
import { PAGE_WIDTH, READING_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

/** /news/:id/:slug? — the article's sanitized HTML under its image and date, then related articles. */
export function Component() {
  const id = positiveId(useParams().id);
  const query = usePageData<NewsArticlePageData>(id ? `news/${id}/page` : null);
  useDocumentTitle(query.data?.article.title ?? trans('Loading'));
  if (!id || query.isError) return <PageError error={query.error} />;
  if (!query.data) return <ArticleSkeleton />;
  const { article, related } = query.data;
  return (
    <div className="pb-12">
      <article className={cn(READING_WIDTH, 'pt-8')}>
        <Link to="/news" className="mb-6 inline-flex items-center gap-1 text-sm text-text-muted hover:text-primary">
          <ArrowLeft size="1rem" aria-hidden className="rtl:-scale-x-100" />{trans('All news')}
        </Link>
        <time dateTime={article.created_at} className="block text-sm font-semibold uppercase tracking-wide text-primary">{formatDate(article.created_at)}</time>
        <h1 dir="auto" className="mt-2 text-3xl font-bold leading-tight sm:text-5xl">{article.title}</h1>
        {article.image && <img {...responsiveImage(article.image, 'column')} alt="" className="mt-8 aspect-video w-full rounded-xl object-cover shadow-lg" />}
        {/* The body was sanitized on the server when it was saved or imported (lib/html.ts rules). */}
        <div dir="auto" className="rich-text mt-8 text-lg leading-relaxed" dangerouslySetInnerHTML={{ __html: article.body }} />
        {article.source_url && <SourceLink url={article.source_url} />}
      </article>
      <div className={cn(READING_WIDTH, 'mt-12')}><CommentsSection type="news_article" id={article.id} inColumn /></div>
      {related.length > 0 && (
        <section aria-labelledby="related-news" className={cn(PAGE_WIDTH, 'mt-16')} data-section="related-news">
          {/* The rule spans the cards' column, not the page's side padding beyond it. */}
          <div className="border-t border-border pt-10">
            <h2 id="related-news" className="mb-6 text-2xl font-semibold">{trans('More news')}</h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {related.map((a) => <NewsCard key={a.id} article={a} />)}
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

/** An imported article credits the page it came from (the server gives only web addresses). */
function SourceLink({ url }: { url: string }) {
  return (
    <p className="mt-8 border-t border-border pt-4 text-sm text-text-muted">
      {trans('Source')}{': '}
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline-offset-2 hover:underline">
        {URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : url}
      </a>
    </p>
  );
}

function ArticleSkeleton() {
  return (
    <div className={cn(READING_WIDTH, 'flex flex-col gap-4 pt-8')} role="status" aria-label={trans('Loading')}>
      <div className="skeleton h-4 w-28" />
      <div className="skeleton h-12 w-5/6" />
      <div className="skeleton mt-4 aspect-video w-full rounded-xl" />
      <div className="skeleton h-5 w-full" />
      <div className="skeleton h-5 w-11/12" />
      <div className="skeleton h-5 w-4/5" />
    </div>
  );
}
