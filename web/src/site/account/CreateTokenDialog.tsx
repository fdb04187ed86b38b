import { useMemo, useState } from 'react';
import { PERMISSIONS, type PermissionGrant } from '@app/contracts/permissions';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Select, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { PermissionPicker } from '../../ui/PermissionPicker';

/** Expiry choices in days; '' is a token that never expires. */
const EXPIRY_DAYS = ['', '7', '30', '90', '365'];

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (plainTextToken: string) => void;
}

/** Names a token, picks its scopes among the permissions the user holds, and an optional expiry. */
export function CreateTokenDialog({ open, onOpenChange, onCreated }: Props) {
  const { user } = useAuth();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PermissionGrant[]>([]);
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);
  // Only what the user holds can be given to a token (the server refuses anything else too).
  const catalogue = useMemo(() => {
    const held = new Set(user?.effective_permissions ?? []);
    return PERMISSIONS.filter((p) => held.has('admin') || held.has(p.name)).map((p) => ({ ...p, restrictions: [] }));
  }, [user]);

  const submit = async () => {
    const next: Record<string, string | undefined> = {};
    if (!name.trim()) next.tokenName = trans('The token name is required.');
    if (!scopes.length) next.scopes = trans('Choose at least one permission.');
    setErrors(next);
    if (next.tokenName || next.scopes) return;
    setPending(true);
    try {
      const expires_at = days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null;
      const r = await api.post<{ plainTextToken: string }>('auth/access-tokens', { tokenName: name.trim(), scopes: scopes.map((s) => s.name), expires_at });
      setName('');
      setScopes([]);
      setDays('');
      onCreated(r.plainTextToken);
    } catch (e) {
      const fields = { tokenName: e instanceof ApiError ? e.errors?.tokenName?.[0] : undefined, scopes: e instanceof ApiError ? e.errors?.scopes?.[0] : undefined };
      setErrors({ tokenName: fields.tokenName, scopes: fields.scopes ?? (fields.tokenName ? undefined : errorMessage(e, trans('There was an issue. Please try again.'))) });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={trans('Create token')}
      size="lg"
      onSubmit={submit}
      label={trans('Create')} pending={pending}
    >
      <TextField label={trans('Token name')} value={name} onChange={(e) => { setName(e.target.value); setErrors({ ...errors, tokenName: undefined }); }} error={errors.tokenName} autoFocus maxLength={100} />
      <Select
        label={trans('Expires')}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        options={EXPIRY_DAYS.map((d) => ({ value: d, label: d ? trans(':count days', { count: d }) : trans('Never') }))}
      />
      <PermissionPicker
        catalogue={catalogue} value={scopes} onChange={(v) => { setScopes(v); setErrors({ ...errors, scopes: undefined }); }} error={errors.scopes}
        description={trans('The token can do only what you choose here. Your account settings, two-factor login, billing, notifications and watch history stay out of its reach.')}
      />
    </FormDialog>
  );
}
