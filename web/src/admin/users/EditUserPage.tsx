import { useParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { useUser } from './api';
import { UserForm } from './UserForm';

export function Component() {
  const { userId } = useParams();
  const query = useUser(userId);
  if (query.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4 desk:p-8" role="status" aria-label={trans('Loading')}>
        <div className="skeleton h-8 w-64" />
        <div className="skeleton h-9 w-full" />
        <div className="skeleton h-9 w-full" />
        <div className="skeleton h-9 w-full" />
      </div>
    );
  }
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return <UserForm user={query.data} />;
}
