import { useNavigate } from 'react-router';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { useSaveNewsArticle } from './api';
import { ArticleEditor } from './ArticleEditor';

/** /admin/news/add */
export function Component() {
  useDocumentTitle(trans('New article'));
  const navigate = useNavigate();
  const save = useSaveNewsArticle();
  return (
    <ArticleEditor
      onSave={async (values, { release }) => {
        const r = await save.mutateAsync(values);
        toast(trans('Article created'));
        release();
        navigate(`/admin/news/${r.article.id}/edit`, { replace: true });
      }}
    />
  );
}
