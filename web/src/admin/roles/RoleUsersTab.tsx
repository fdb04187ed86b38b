import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { UserMinus, UserPlus, Users as UsersIcon } from 'lucide-react';
import { ROLE_USERS_PER_PAGE, type Role } from '@app/contracts/roles';
import type { User } from '@app/contracts/users';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { useRoleUsersMutation } from './api';
import { UserPickerModal } from './UserPickerModal';

/** The role's users (GET users with roleId, 14 a page), with adding through a picker and removing the selected. */
export function RoleUsersTab({ role }: { role: Role }) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [removing, setRemoving] = useState<{ ids: number[]; clear: () => void } | null>(null);
  const add = useRoleUsersMutation(role.id, 'add-users');
  const remove = useRoleUsersMutation(role.id, 'remove-users');
  const extraParams = useMemo(() => ({ roleId: role.id }), [role.id]);

  const columns = useMemo<DataTableColumn<User>[]>(() => [
    {
      id: 'user',
      header: () => trans('User'),
      sortKey: 'email',
      cell: ({ row: { original: u } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={u.avatar} label={u.display_name || u.email} />
          <div className="min-w-0">
            <Link to={`/admin/users/${u.id}/edit`} className="block truncate font-medium hover:underline">{u.display_name || u.email}</Link>
            <div className="truncate text-xs text-text-muted">{u.email}</div>
          </div>
        </div>
      ),
    },
    { id: 'created_at', header: () => trans('Created at'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
  ], []);

  if (role.guests || role.type === 'workspace') {
    return <p className="rounded-md border border-border bg-bg-alt p-4 text-sm text-text-muted">{trans("Users can't be assigned to this role")}</p>;
  }

  return (
    <>
      <DataTable<User>
        endpoint="users"
        columns={columns}
        extraParams={extraParams}
        perPage={ROLE_USERS_PER_PAGE}
        searchLabel={trans('Search users')}
        emptyState={{ title: trans('No users have been assigned to this role yet'), icon: <UsersIcon size={40} /> }}
        noResultsState={{ title: trans('No matching users'), description: trans('Try another search query') }}
        selectionActions={(ids, clear) => (
          <Button variant="danger" onClick={() => setRemoving({ ids: ids.map(Number), clear })}>
            <UserMinus size={16} aria-hidden />
            {trans('Remove from role')} ({ids.length})
          </Button>
        )}
        headerActions={() => (
          <Button variant="primary" onClick={() => setPickerOpen(true)}>
            <UserPlus size={16} aria-hidden />
            {trans('Add users')}
          </Button>
        )}
      />
      <UserPickerModal
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        pending={add.isPending}
        onConfirm={(ids) => add.mutate(ids, {
          onSuccess: (r) => {
            toast(trans('Assigned :count users to role', { count: r.count }));
            setPickerOpen(false);
          },
          onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
        })}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={trans('Remove from role')}
        body={trans('Remove the selected users from the “:name“ role?', { name: role.name })}
        confirm={trans('Remove')}
        danger
        pending={remove.isPending}
        onConfirm={() => {
          const r = removing!;
          remove.mutate(r.ids, {
            onSuccess: (res) => {
              toast(trans('Removed :count users from role', { count: res.count }));
              r.clear();
              setRemoving(null);
            },
            onError: (e) => {
              setRemoving(null);
              toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
            },
          });
        }}
      />
    </>
  );
}
