import { useNavigate } from 'react-router';
import { trans } from '../../lib/i18n';
import { PageEditor } from '../../ui/editor/PageEditor';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { uploadPageMedia, useSaveCustomPage } from './api';

export function Component() {
  useDocumentTitle(trans('New page'));
  const navigate = useNavigate();
  const save = useSaveCustomPage();
  return (
    <PageEditor
      backTo="/admin/custom-pages"
      slugPrefix="/pages/"
      uploadImage={uploadPageMedia}
      onSave={async (values, { release }) => {
        const r = await save.mutateAsync(values);
        toast(trans('Page created'));
        release();
        navigate(`/admin/custom-pages/${r.page.id}/edit`, { replace: true });
      }}
    />
  );
}
