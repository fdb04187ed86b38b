import { useRef, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { LoadError } from '../../site/ErrorPages';
import { PageTitle } from '../PageTitle';
import { useRole } from './api';
import { RoleForm } from './RoleForm';
import { RoleBadges } from './RolesPage';
import { RoleUsersTab } from './RoleUsersTab';

const ALL_TABS = [
  { id: 'settings', label: () => trans('Settings') },
  { id: 'users', label: () => trans('Users') },
] as const;

/** /admin/roles/{id}/edit: tabs Settings and Users; the open tab is kept in the URL (?tab=users). */
export function Component() {
  const { roleId } = useParams();
  const query = useRole(roleId);
  // The users tab lists, adds and removes the role's members: roles.update. Viewers see the settings only.
  const TABS = useAuth().can('roles.update') ? ALL_TABS : ALL_TABS.slice(0, 1);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = searchParams.get('tab') === 'users' && TABS.length > 1 ? 'users' : 'settings';
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // Switching tabs drops the other tab's list state (search, page).
  const select = (id: string) => setSearchParams(id === 'settings' ? {} : { tab: id }, { replace: true });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.findIndex((t) => t.id === active) + 1) % TABS.length].id;
    select(next);
    tabRefs.current[next]?.focus();
  };

  if (query.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 desk:p-8" role="status" aria-label={trans('Loading')}>
        <div className="skeleton h-8 w-64" />
        <div className="skeleton h-9 w-full" />
        <div className="skeleton h-24 w-full" />
      </div>
    );
  }
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  const role = query.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 desk:p-8">
      <Link to="/admin/roles" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
        <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Roles')}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <PageTitle>{trans('Edit “:name“ role', { name: role.name })}</PageTitle>
        <RoleBadges role={role} />
      </div>
      <div role="tablist" aria-label={trans('Role sections')} className="flex gap-1 border-b border-border" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => { tabRefs.current[tab.id] = el; }}
            type="button"
            role="tab"
            id={`role-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`role-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
            className={cn('-mb-px border-b-2 px-4 py-2 text-sm font-medium', active === tab.id ? 'border-primary text-text' : 'border-transparent text-text-muted hover:text-text')}
          >
            {tab.label()}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`role-panel-${active}`} aria-labelledby={`role-tab-${active}`}>
        {active === 'settings' ? <RoleForm role={role} /> : <RoleUsersTab role={role} />}
      </div>
    </div>
  );
}
