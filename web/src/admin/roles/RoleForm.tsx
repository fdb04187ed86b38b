import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { roleCreateSchema, roleUpdateSchema, type Role, type RoleType } from '@app/contracts/roles';
import type { PermissionGrant } from '@app/contracts/permissions';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { changedOnly } from '../../lib/changed-fields';
import { Button } from '../../ui/Button';
import { Select, Switch, TextArea, TextField } from '../../ui/fields';
import { PermissionPicker } from '../../ui/PermissionPicker';
import { toast } from '../../ui/Toast';
import { usePermissionCatalogue } from '../users/api';
import { useRolesInvalidator } from './api';
import { useGrantRules } from './grant-rules';

interface RoleFormValues {
  name: string;
  description: string;
  type: RoleType;
  default: boolean;
  guests: boolean;
  permissions: PermissionGrant[];
}

const defaults = (role?: Role): RoleFormValues => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  type: role?.type ?? 'sitewide',
  default: role?.default ?? false,
  guests: role?.guests ?? false,
  permissions: role?.permissions.map((p) => ({ name: p.name, restrictions: p.restrictions })) ?? [],
});

function toPayload(v: RoleFormValues, role?: Role) {
  return {
    name: v.name,
    description: v.description,
    type: v.type,
    // Internal roles do not show these toggles; their values are not the form's to change.
    ...(role?.internal ? {} : { default: v.default, guests: v.type === 'sitewide' && v.guests }),
    permissions: v.permissions.map((p) => ({ name: p.name, restrictions: p.restrictions?.filter((r) => r.value !== undefined) })),
  };
}

// Nested permission errors (permissions.0.restrictions.0.value) show above the picker.
const FIELD_MAP = { permissions: 'permissions' };
/** An edit sends what this editor changed (another admin's save meanwhile stays); guests follows the type too. */
const FIELD_OF = new Map([['guests', ['guests', 'type']]]);

/** The role's Settings: on /admin/roles/new it creates, on the edit page it updates. */
export function RoleForm({ role }: { role?: Role }) {
  const isEdit = !!role;
  const navigate = useNavigate();
  const invalidate = useRolesInvalidator();
  const catalogue = usePermissionCatalogue();
  const form = useForm<RoleFormValues>({
    defaultValues: defaults(role),
    resolver: zodFormResolver(isEdit ? roleUpdateSchema : roleCreateSchema, (v: RoleFormValues) => toPayload(v, role), FIELD_MAP) as any,
  });
  const { register, handleSubmit, control, setError, reset, watch, formState: { errors, isDirty, dirtyFields } } = form;
  const unsaved = useUnsavedChanges(isDirty);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { reset(defaults(role)); }, [role?.id, reset]);
  const type = watch('type');
  const guests = watch('guests') && type === 'sitewide';
  const isDefault = watch('default');
  const rules = useGrantRules();
  // What the server would refuse is shown disabled with its reason, rather than a Save that fails.
  const locked = rules.roleLocked(role, isEdit ? 'update' : 'create');
  // A role becoming the default or guests role hands all it carries to new accounts or visitors: judged as new grants.
  const initial = role && (isDefault === role.default) && (guests === role.guests) ? role.permissions : [];

  const mutation = useMutation({
    mutationFn: (payload: unknown) => (isEdit ? api.put<{ role: Role }>(`roles/${role!.id}`, payload) : api.post<{ role: Role }>('roles', payload)),
    onSuccess: async (r) => {
      await invalidate(r.role);
      if (isEdit) {
        toast(trans('Role updated'));
        reset(defaults(r.role));
      } else {
        toast(trans('Created new role'));
        unsaved.release();
        navigate(`/admin/roles/${r.role.id}/edit`);
      }
    },
    onError: (e) => showFormError(e, setError, { fieldMap: FIELD_MAP }),
  });

  // Workspaces are not part of this product (no setting turns them on), so the type choice is shown
  // only for a role that is already a workspace role, letting it be turned back into a sitewide one.
  const showType = role?.type === 'workspace';

  return (
    <form onSubmit={handleSubmit((payload) => mutation.mutate(isEdit ? changedOnly(payload, dirtyFields, FIELD_OF) : payload))} noValidate className="flex flex-col gap-5">
      {unsaved.dialog}
      {locked && <p role="note" className="rounded-md border border-border bg-bg-elevated px-3 py-2 text-sm">{locked}</p>}
      <fieldset disabled={!!locked} className="contents">
      <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
      <TextArea label={trans('Description')} rows={3} error={errors.description?.message} {...register('description')} />
      {showType && (
        <Select
          label={trans('Type')}
          error={errors.type?.message}
          options={[{ value: 'sitewide', label: trans('Sitewide') }, { value: 'workspace', label: trans('Workspace') }]}
          {...register('type')}
        />
      )}
      {!role?.internal && (
        <div className="flex flex-col gap-3">
          <Switch
            label={trans('Default')}
            description={trans('Assign this role to new users automatically.')}
            error={errors.default?.message}
            {...register('default')}
          />
          {type === 'sitewide' && (
            <Switch
              label={trans('Guests')}
              description={trans('Assign this role to visitors who are not logged in.')}
              error={errors.guests?.message}
              {...register('guests')}
            />
          )}
        </div>
      )}
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          catalogue.data ? (
            <PermissionPicker
              catalogue={catalogue.data}
              value={field.value}
              onChange={field.onChange}
              error={(errors.permissions as any)?.message}
              everydayOnly={guests}
              initial={initial}
              lockedReason={(p, had) => rules.permissionLocked(p, had, { guests, default: isDefault })}
            />
          ) : (
            <div className="skeleton h-24 w-full" />
          )
        )}
      />
      </fieldset>
      <div className="flex gap-2 border-t border-border pt-5">
        <Button type="submit" variant="primary" disabled={mutation.isPending || !!locked}>{isEdit ? trans('Save') : trans('Create')}</Button>
      </div>
    </form>
  );
}
