import { trans } from '../../lib/i18n';
import { PageTitle } from '../PageTitle';
import { CommentsTable } from './CommentsTable';

/** /admin/comments (Part C: moderation list with filters, sorting, paging at 15, selection, edit or delete per item). */
export function Component() {
  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Comments')}</PageTitle>
      <CommentsTable />
    </div>
  );
}
