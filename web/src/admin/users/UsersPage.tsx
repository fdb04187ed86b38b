import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, MoreVertical, Pencil, Plus, Trash2, Users as UsersIcon } from 'lucide-react';
import type { User } from '@app/contracts/users';
import { api, errorMessage } from '../../lib/api';
import { useAuth, useSetting } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { DropdownContent, DropdownItem, DropdownMenu, DropdownSeparator, DropdownTrigger } from '../../ui/DropdownMenu';
import { toast } from '../../ui/Toast';
import { LockedActions, SuspendedBadge } from '../../ui/StatusMarks';
import { PageTitle } from '../PageTitle';
import { useRoles, useUnbanUser } from './api';
import { SuspendUserModal } from './SuspendUserModal';
import { useCsvExport } from '../csv-export';
import { CREATE_USERS } from '../section-permissions';


export function Component() {
  const { can } = useAuth();
  const billingEnabled = useSetting<boolean>('client.billing.enable', false);
  const canEditRoles = can('roles.update');
  // The table opens for users.update, users.create or users.delete: each action shows for the permission its call needs.
  const canUpdate = can('users.update');
  const canDelete = can({ any: ['users.delete', 'users.update'] });
  // Only an admin edits, suspends or deletes an admin (roles/grants.ts): other staff are not offered what would be refused.
  const isAdmin = can('admin');
  const [suspending, setSuspending] = useState<User | null>(null);
  const [unsuspending, setUnsuspending] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const qc = useQueryClient();
  const deleteUser = useMutation({
    mutationFn: (id: number) => api.delete(`users/${id}`),
    onSuccess: async () => {
      toast(trans('Deleted [one 1 record|other :count records]', { count: 1 }));
      setDeleting(null);
      await qc.invalidateQueries({ queryKey: queryKeys.all('users') });
    },
    onError: (e) => { setDeleting(null); toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))); },
  });
  const { mutation: exportMutation, dialog: exportDialog } = useCsvExport('users/csv/export');
  const unban = useUnbanUser();
  const resend = useMutation({
    mutationFn: (id: number) => api.post<{ message?: string }>(`users/${id}/resend-verification`),
    onSuccess: () => toast(trans('Confirmation email sent')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });


  const columns = useMemo<DataTableColumn<User>[]>(() => {
    const cols: DataTableColumn<User>[] = [
      {
        id: 'user',
        header: () => trans('User'),
        sortKey: 'email',
        cell: ({ row: { original: u } }) => (
          // Bounded: a table cell grows to its text, so a very long name or email pushed every other column off screen.
          <div className="flex min-w-0 max-w-72 items-center gap-3">
            <Avatar src={u.avatar} label={u.display_name || u.email} />
            <div className="min-w-0">
              {/* The badge sits beside the name, which gives way to it, so the row never grows wider than the table. */}
              <div className="flex min-w-0 items-center gap-2">
                {canUpdate
                  ? <Link to={`${u.id}/edit`} className="truncate font-medium hover:underline" title={u.display_name || u.email}>{u.display_name || u.email}</Link>
                  : <span className="truncate font-medium" title={u.display_name || u.email}>{u.display_name || u.email}</span>}
                {u.banned_at && <SuspendedBadge />}
              </div>
              <div className="truncate text-xs text-text-muted" title={u.email}>{u.email}</div>
            </div>
          </div>
        ),
      },
    ];
    if (billingEnabled) {
      cols.push({
        id: 'subscribed',
        header: () => trans('Subscribed'),
        cell: ({ row: { original: u } }) => (u.subscriptions?.length ? trans('Yes') : trans('No')),
      });
    }
    cols.push(
      {
        id: 'roles',
        header: () => trans('Roles'),
        cell: ({ row: { original: u } }) => (
          <div className="flex flex-wrap gap-1">
            {/* The role editor needs roles.update: without it a link would only lead to a 403 page. */}
            {u.roles?.map((r) => (canEditRoles
              ? <Link key={r.id} to={`/admin/roles/${r.id}/edit`} className="rounded-full border border-border px-2 py-0.5 text-xs hover:bg-hover">{r.name}</Link>
              : <span key={r.id} className="rounded-full border border-border px-2 py-0.5 text-xs">{r.name}</span>))}
          </div>
        ),
      },
      { id: 'first_name', header: () => trans('First name'), sortKey: 'first_name', cell: ({ row }) => <BoundedText text={row.original.first_name} /> },
      { id: 'last_name', header: () => trans('Last name'), sortKey: 'last_name', cell: ({ row }) => <BoundedText text={row.original.last_name} /> },
      { id: 'created_at', header: () => trans('Created at'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{trans('Actions')}</span>,
        className: 'w-24 text-end',
        cell: ({ row: { original: u } }) => (u.is_admin && !isAdmin ? (
          <LockedActions reason={trans('Only an admin can modify an admin.')} />
        ) : canUpdate ? (
          <div className="flex justify-end gap-1">
            <Link to={`${u.id}/edit`} className={buttonClass('text', 'icon')} aria-label={trans('Edit user :email', { email: u.email })}>
              <Pencil size={16} aria-hidden />
            </Link>
            <DropdownMenu>
              <DropdownTrigger className={buttonClass('text', 'icon')} aria-label={trans('More actions for :email', { email: u.email })}>
                <MoreVertical size={16} aria-hidden />
              </DropdownTrigger>
              <DropdownContent>
                <DropdownItem asChild><Link to={`${u.id}/edit`}>{trans('Edit')}</Link></DropdownItem>
                {!u.email_verified_at && <DropdownItem onSelect={() => resend.mutate(u.id)}>{trans('Resend confirmation email')}</DropdownItem>}
                {u.banned_at ? (
                  <DropdownItem onSelect={() => setUnsuspending(u)}>{trans('Remove suspension')}</DropdownItem>
                ) : (
                  <DropdownItem onSelect={() => setSuspending(u)}>{trans('Suspend')}</DropdownItem>
                )}
                <DropdownSeparator />
                <DropdownItem className="text-danger" onSelect={() => setDeleting(u)}>{trans('Delete')}</DropdownItem>
              </DropdownContent>
            </DropdownMenu>
          </div>
        ) : canDelete && (
          <div className="flex justify-end gap-1">
            <Button variant="text" size="icon" className="text-danger" aria-label={trans('Delete :name', { name: u.email })} onClick={() => setDeleting(u)}>
              <Trash2 size={16} aria-hidden />
            </Button>
          </div>
        )),
      },
    );
    return cols;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `resend` is a stable mutation; its identity changes every render
  }, [billingEnabled, canEditRoles, canUpdate, canDelete, isAdmin]);

  const roles = useRoles();
  const filters = useMemo<FilterDefinition[]>(() => {
    const defs: FilterDefinition[] = [
      // Guest and workspace roles never have users, so they are not offered.
      {
        key: 'roles', label: trans('Role'), type: 'select',
        options: (roles.data ?? []).filter((r) => !r.guests && r.type !== 'workspace').map((r) => ({ label: r.name, value: r.id })),
      },
      { key: 'email_verified_at', label: trans('Email verification'), type: 'boolean', trueLabel: trans('Confirmed'), falseLabel: trans('Not confirmed') },
      { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
      { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
    ];
    if (billingEnabled) {
      defs.push({
        key: 'subscriptions', label: trans('Subscription'), type: 'select',
        options: [
          { label: trans('Subscribed'), value: null, operator: 'has' },
          { label: trans('Not subscribed'), value: null, operator: 'doesntHave' },
        ],
      });
    }
    return defs;
  }, [billingEnabled, roles.data]);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Users')}</PageTitle>
      <DataTable<User>
        endpoint="users"
        columns={columns}
        filters={filters}
        with={billingEnabled ? 'subscriptions,bans' : 'bans'}
        canDelete={canDelete}
        canSelectRow={(u) => isAdmin || !u.is_admin}
        searchLabel={trans('Search users')}
        emptyState={{ title: trans('No users have been created yet'), icon: <UsersIcon size={40} /> }}
        noResultsState={{ title: trans('No matching users'), description: trans('Try another search query or different filters') }}
        headerActions={(params) => (
          <>
            {canUpdate && (
              <Button onClick={() => exportMutation.mutate(params)} disabled={exportMutation.isPending}>
                <Download size={16} aria-hidden />
                {trans('Export CSV')}
              </Button>
            )}
            {can(CREATE_USERS) && (
              <Link to="new" className={buttonClass('primary')}>
                <Plus size={16} aria-hidden />
                {trans('Add new user')}
              </Link>
            )}
          </>
        )}
      />
      <SuspendUserModal user={suspending} onClose={() => setSuspending(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={trans('Delete :name', { name: deleting?.email ?? '' })}
        body={trans('This will permanently remove the items and cannot be undone.')}
        confirm={trans('Delete')}
        danger
        pending={deleteUser.isPending}
        onConfirm={() => deleteUser.mutate(deleting!.id)}
      />
      <ConfirmDialog
        open={!!unsuspending}
        onOpenChange={(o) => !o && setUnsuspending(null)}
        title={trans('Remove suspension')}
        body={trans('Are you sure you want to remove suspension from this user?')}
        confirm={trans('Remove suspension')}
        pending={unban.isPending}
        onConfirm={() => {
          const u = unsuspending!;
          unban.mutate(u.id, {
            onSuccess: () => {
              toast(trans('User unsuspended'));
              setUnsuspending(null);
            },
            onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
          });
        }}
      />
      {exportDialog}
    </div>
  );
}

/** A name cut short with the whole of it on hover: a 100-character name would widen its column past the screen. */
function BoundedText({ text }: { text: string | null }) {
  return text ? <span className="block max-w-40 truncate" title={text}>{text}</span> : null;
}
