import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { userCreateSchema, userUpdateSchema, type User } from '@app/contracts/users';
import type { PermissionGrant } from '@app/contracts/permissions';
import { api, errorMessage } from '../../lib/api';
import { fromBytes, SIZE_UNIT_LIST, toBytes, type SizeUnit } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button, buttonClass } from '../../ui/Button';
import { Select, Switch, TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { usePermissionCatalogue, useRoles, useUsersInvalidator } from './api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AvatarSection, NewAvatar } from './AvatarSection';
import { PermissionPicker } from '../../ui/PermissionPicker';
import { ChipCheckboxGroup } from '../../ui/ChipCheckboxGroup';
import { useGrantRules } from '../roles/grant-rules';
import { InlineLoadError } from '../../site/ErrorPages';
import { changedOnly } from '../../lib/changed-fields';

export interface UserFormValues {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  email_verified_at: boolean;
  space_amount: string;
  space_unit: SizeUnit;
  roles: number[];
  permissions: PermissionGrant[];
}

function toPayload(v: UserFormValues, isEdit: boolean) {
  const amount = v.space_amount.trim();
  return {
    email: v.email,
    password: isEdit && !v.password ? undefined : v.password,
    first_name: v.first_name,
    last_name: v.last_name,
    email_verified_at: v.email_verified_at,
    available_space: amount === '' ? null : toBytes(Number(amount), v.space_unit),
    roles: v.roles,
    permissions: v.permissions.map((p) => ({ name: p.name, restrictions: p.restrictions?.filter((r) => r.value !== undefined) })),
  };
}

const FIELD_MAP = { available_space: 'space_amount' };
const FIELD_OF = new Map([['available_space', ['space_amount', 'space_unit']]]);

function defaults(user?: User): UserFormValues {
  const space = fromBytes(user?.available_space);
  return {
    email: user?.email ?? '',
    password: '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email_verified_at: !!user?.email_verified_at,
    space_amount: space.amount,
    space_unit: space.unit,
    roles: user?.roles?.map((r) => r.id) ?? [],
    permissions: user?.permissions?.map((p) => ({ name: p.name, restrictions: p.restrictions })) ?? [],
  };
}

export function UserForm({ user }: { user?: User }) {
  const isEdit = !!user;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  // Roles and permissions the server would refuse this editor to hand out are shown disabled with the reason.
  const rules = useGrantRules();
  const heldRoles = new Set(user?.roles?.map((r) => r.id) ?? []);
  const form = useForm<UserFormValues>({
    defaultValues: defaults(user),
    resolver: zodFormResolver(isEdit ? userUpdateSchema : userCreateSchema, (v: UserFormValues) => toPayload(v, isEdit), FIELD_MAP) as any,
  });
  const { register, handleSubmit, control, setError, reset, formState: { errors, dirtyFields } } = form;
  // Reset only when another user is loaded, so avatar changes do not wipe unsaved edits.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { reset(defaults(user)); }, [user?.id, reset]);

  // A new user's profile image is held here and uploaded through the avatar call once the user exists.
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const unsaved = useUnsavedChanges(form.formState.isDirty || avatarFile !== null);
  const mutation = useMutation({
    mutationFn: async (payload: unknown) => {
      if (isEdit) return api.put<{ user: User }>(`users/${user!.id}`, payload);
      const created = await api.post<{ user: User }>('users', payload);
      if (avatarFile && created?.user) {
        const body = new FormData();
        body.append('file', avatarFile);
        try {
          return await api.post<{ user: User }>(`users/${created.user.id}/avatar`, body);
        } catch (e) {
          toast.danger(errorMessage(e, trans('Could not upload image')));
        }
      }
      return created;
    },
    onSuccess: async (r) => {
      if (r?.user) qc.setQueryData(queryKeys.detail('users', r.user.id), r.user);
      await qc.invalidateQueries({ queryKey: queryKeys.lists('users') });
      toast(isEdit ? trans('User updated') : trans('User created'));
      unsaved.release();
      navigate('/admin/users');
    },
    onError: (e) => showFormError(e, setError, { fieldMap: FIELD_MAP }),
  });
  // An edit sends what this editor changed: another admin's save meanwhile (a role given, a name fixed) stays.
  const onSubmit = handleSubmit((payload) => mutation.mutate(isEdit ? changedOnly(payload, dirtyFields, FIELD_OF) : payload));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 desk:p-8">
      <Link to="/admin/users" className="inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
        <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" />{trans('Users')}
      </Link>
      {/* User managers see every public profile, also of members who published nothing or are suspended. */}
      <PageTitle actions={isEdit ? <Link to={`/users/${user!.id}`} className={buttonClass('outline')}><ExternalLink size={16} aria-hidden />{trans('View profile')}</Link> : undefined}>
        {isEdit ? user!.email : trans('Add new user')}
      </PageTitle>
      {isEdit ? <AvatarSection user={user!} /> : <NewAvatar file={avatarFile} onChange={setAvatarFile} />}
      {unsaved.dialog}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label={trans('Email')} type="email" autoComplete="off" required error={errors.email?.message} {...register('email')} />
        <TextField
          label={isEdit ? trans('New password') : trans('Password')}
          type="password"
          autoComplete="new-password"
          required={!isEdit}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={trans('First name')} error={errors.first_name?.message} {...register('first_name')} />
          <TextField label={trans('Last name')} error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <Switch label={trans('Email confirmed')} {...register('email_verified_at')} />
        {isEdit && !user!.email_verified_at && <ResendVerification userId={user!.id} />}
        {isEdit && <TwoFactorState user={user!} />}
        <div className="flex items-start gap-2">
          <TextField
            wrapperClassName="flex-1"
            label={trans('Available space')}
            type="number"
            min={1}
            step="any"
            description={trans('Leave empty to inherit the space from roles or subscription.')}
            error={errors.space_amount?.message}
            {...register('space_amount')}
          />
          <Select label={trans('Unit')} wrapperClassName="w-24" options={SIZE_UNIT_LIST.map((u) => ({ value: u, label: u }))} {...register('space_unit')} />
        </div>
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <ChipCheckboxGroup
              legend={trans('Roles')}
              status={roles.isPending ? <div className="skeleton h-6 w-48" /> : roles.isError && <InlineLoadError error={roles.error} message={trans('Could not load roles')} retry={roles.refetch} />}
              // Guest and workspace roles cannot be given to users.
              options={(roles.data ?? []).filter((role) => !role.guests && role.type !== 'workspace')
                .map((role) => ({ value: role.id, label: role.name, disabledReason: rules.roleAssignLocked(role, heldRoles.has(role.id)) }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.roles?.message}
            />
          )}
        />
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
                initial={user?.permissions}
                lockedReason={(p, had) => rules.permissionLocked(p, had, {})}
              />
            ) : (
              <div className="skeleton h-24 w-full" />
            )
          )}
        />
        <div className="flex gap-2 border-t border-border pt-5">
          <Button type="submit" variant="primary" disabled={mutation.isPending}>{isEdit ? trans('Save') : trans('Create')}</Button>
          <Link to="/admin/users" className={buttonClass('text')}>{trans('Cancel')}</Link>
        </div>
      </form>
    </div>
  );
}

/** Whether the user has 2FA on, and turning it off for one who lost their phone and recovery codes. */
function TwoFactorState({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);
  const invalidate = useUsersInvalidator();
  const mutation = useMutation({
    mutationFn: () => api.delete<{ user: User }>(`users/${user.id}/two-factor`),
    onSuccess: async (r) => {
      setConfirming(false);
      await invalidate(r?.user);
      toast(trans('Two-factor authentication is off.'));
    },
    onError: (e) => { setConfirming(false); toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))); },
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded border border-border p-3" data-testid="user-two-factor">
      <div>
        <p className="text-sm font-medium">{trans('Two-factor authentication')}</p>
        <p className="text-sm text-text-muted">{user.two_factor_enabled ? trans('On') : trans('Off')}</p>
      </div>
      {user.two_factor_enabled && (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>{trans('Turn off two-factor authentication')}</Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={trans('Turn off two-factor authentication?')}
        body={trans('The user signs in with their password alone until they turn it on again, and is signed out everywhere now.')}
        confirm={trans('Turn off')}
        danger
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate()}
      />
    </div>
  );
}

function ResendVerification({ userId }: { userId: number }) {
  const mutation = useMutation({
    mutationFn: () => api.post<{ message?: string }>(`users/${userId}/resend-verification`),
    onSuccess: () => toast(trans('Confirmation email sent')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <div>
      <Button size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>{trans('Resend confirmation email')}</Button>
    </div>
  );
}
