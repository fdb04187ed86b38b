import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '@app/contracts/users';
import { ApiError, api, errorMessage } from '../../lib/api';
import { invalidateBootstrap, setBootstrapUser } from '../../lib/auth';
import { keepRedirect, safeRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Checkbox, TextField } from '../../ui/fields';
import { AuthCard, FormError } from './AuthCard';

/** /login/two-factor: the second sign-in step after the password or a social login, with a code or a recovery code. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!value.trim()) return setFieldError(recovery ? trans('Enter one of your recovery codes.') : trans('Enter the 6-digit code from your authenticator app.'));
    setPending(true);
    try {
      const res = await api.post<{ user: CurrentUser }>('auth/two-factor-challenge', recovery ? { recovery_code: value.trim(), remember } : { code: value.trim(), remember });
      setBootstrapUser(res.user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
      void invalidateBootstrap();
    } catch (err) {
      const field = err instanceof ApiError ? (err.errors?.code ?? err.errors?.recovery_code)?.[0] : undefined;
      if (field) setFieldError(field);
      else setFormError(errorMessage(err, trans('There was an issue. Please try again.')));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title={trans('Two-factor authentication')}
      footer={<Link className="text-primary underline hover:no-underline" to={keepRedirect('/login', params)}>{trans('Back to sign in')}</Link>}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-text-muted">
          {recovery ? trans('Enter one of your recovery codes. Each code works once.') : trans('Enter the 6-digit code from your authenticator app.')}
        </p>
        <FormError message={formError} />
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? trans('Recovery code') : trans('Code')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoFocus
          value={value}
          onChange={(e) => { setValue(e.target.value); setFieldError(undefined); }}
          error={fieldError}
        />
        <Checkbox label={trans('Remember this device for 30 days')} checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <Button type="submit" variant="primary" disabled={pending}>{trans('Continue')}</Button>
        <Button variant="text" onClick={() => { setRecovery(!recovery); setValue(''); setFieldError(undefined); }}>
          {recovery ? trans('Use a code from your authenticator app') : trans('Use a recovery code')}
        </Button>
      </form>
    </AuthCard>
  );
}
