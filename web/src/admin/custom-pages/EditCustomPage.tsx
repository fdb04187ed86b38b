import { useMemo } from 'react';
import { useParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { PageEditor } from '../../ui/editor/PageEditor';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { uploadPageMedia, useCustomPage, useSaveCustomPage } from './api';

export function Component() {
  const { pageId } = useParams();
  const query = useCustomPage(pageId);
  const save = useSaveCustomPage(Number(pageId));
  useDocumentTitle(query.data ? trans('Edit “:name“', { name: query.data.title }) : trans('Edit page'));
  const initial = useMemo(() => query.data && { title: query.data.title, slug: query.data.slug, body: query.data.body ?? '' }, [query.data]);

  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return (
    <PageEditor
      // Mounted once the page has loaded, so the editor starts with its text.
      key={initial ? `page-${pageId}` : 'loading'}
      backTo="/admin/custom-pages"
      slugPrefix="/pages/"
      initial={initial}
      loading={!initial}
      uploadImage={uploadPageMedia}
      onSave={async (values) => {
        const r = await save.mutateAsync(values);
        toast(trans('Page updated'));
        return r.page;
      }}
    />
  );
}
