import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import type { CustomPage } from '@app/contracts/custom-pages';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { LoadError } from '../ErrorPages';
import { MenuPosition } from '../appearance/MenuPosition';
import '../../ui/editor/rich-text.css';
import { READING_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** The custom-page-navbar menu position: a row of links above every custom page, whatever its state. */
function PageNavbar() {
  return <MenuPosition position="custom-page-navbar" label={trans('Page navigation')} className={cn(READING_WIDTH, 'border-b border-border py-2')} />;
}

/** A custom page at /pages/{slug}. Its HTML was sanitized on save unless an administrator wrote it. */
export function Component() {
  return (
    <>
      <PageNavbar />
      <PageContent />
    </>
  );
}

function PageContent() {
  const { slug = '' } = useParams();
  const query = useQuery({
    queryKey: queryKeys.detail('custom-pages-public', slug),
    queryFn: () => api.get<{ page: CustomPage }>(`custom-pages/slug/${encodeURIComponent(slug)}`).then((r) => r.page),
  });
  useDocumentTitle(query.data?.title ?? trans('Loading'));

  if (query.isPending) {
    return (
      <div className={cn(READING_WIDTH, 'flex flex-col gap-4 py-10')} role="status" aria-label={trans('Loading')}>
        <div className="skeleton h-9 w-2/3" />
        <div className="skeleton h-5 w-full" />
        <div className="skeleton h-5 w-5/6" />
      </div>
    );
  }
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const page = query.data;
  // A former slug of a renamed page: show the page at its current address (old links and bookmarks keep working).
  if (page.slug !== slug) return <Navigate to={`/pages/${encodeURIComponent(page.slug)}`} replace />;
  return (
    <article className={cn(READING_WIDTH, 'py-10')}>
      <h1 dir="auto" className="mb-6 text-3xl font-bold sm:text-4xl">{page.title}</h1>
      <div dir="auto" className="rich-text" dangerouslySetInnerHTML={{ __html: page.body ?? '' }} />
    </article>
  );
}
