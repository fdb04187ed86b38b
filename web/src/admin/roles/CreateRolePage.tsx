import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { PageTitle } from '../PageTitle';
import { RoleForm } from './RoleForm';

export function Component() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 desk:p-8">
      <Link to="/admin/roles" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
        <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Roles')}
      </Link>
      <PageTitle>{trans('Add new role')}</PageTitle>
      <RoleForm />
    </div>
  );
}
