import { useMemo } from 'react';
import { useParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { useNewsArticle, useSaveNewsArticle } from './api';
import { ArticleEditor } from './ArticleEditor';

/** /admin/news/{articleId}/edit */
export function Component() {
  const { articleId } = useParams();
  const query = useNewsArticle(articleId);
  const save = useSaveNewsArticle(Number(articleId));
  useDocumentTitle(query.data ? trans('Edit “:name“', { name: query.data.title }) : trans('Edit article'));
  const initial = useMemo(() => query.data && {
    title: query.data.title, slug: query.data.slug, body: query.data.body, image: query.data.image,
  }, [query.data]);

  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return (
    <ArticleEditor
      // Mounted once the article has loaded, so the editor starts with its text and image.
      key={initial ? `article-${articleId}` : 'loading'}
      initial={initial}
      loading={!initial}
      onSave={async (values) => {
        const r = await save.mutateAsync(values);
        toast(trans('Article updated'));
        return r.article;
      }}
    />
  );
}
