import { useId, useState, type FormEvent } from 'react';
import type { CurrentUser } from '@app/contracts/users';
import { api, fieldMessages } from '../lib/api';
import { invalidateBootstrap, setBootstrapUser } from '../lib/auth';
import { trans } from '../lib/i18n';
import { signInSettled } from '../lib/session-expired';
import { Button } from './Button';
import { TextField } from './fields';
import { DialogActions, Modal } from './Modal';

/** The sign-in form of SessionExpiredDialog, loaded the first time a session ends under a form. */
export default function SignInAgain({ email }: { email: string }) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string | null>(null);
  // A member without their authenticator signs in with a recovery code, as on the sign-in page.
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password' | 'code' | 'recovery_code' | 'form', string>>>({});
  const [pending, setPending] = useState(false);

  const signedIn = (user: CurrentUser) => {
    setBootstrapUser(user);
    void invalidateBootstrap();
    signInSettled(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setPending(true);
    try {
      if (code === null) {
        const res = await api.post<{ user: CurrentUser | null; two_factor?: boolean }>('auth/login', { email, password, remember: false });
        if (res.two_factor || !res.user) setCode('');
        else signedIn(res.user);
      } else {
        const body = recovery ? { recovery_code: code.trim(), remember: false } : { code: code.trim(), remember: false };
        signedIn((await api.post<{ user: CurrentUser }>('auth/two-factor-challenge', body)).user);
      }
    } catch (err) {
      setErrors(fieldMessages(err, ['email', 'password', 'code', 'recovery_code', 'form'], 'form', trans('There was an issue. Please try again.')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => { if (!o) signInSettled(false); }}
      title={trans('Sign in again')}
      description={trans('Your session has ended. Enter the password of :email to carry on: what you entered stays as it is and is saved once you are signed in.', { email })}
      size="sm"
      footer={<DialogActions onCancel={() => signInSettled(false)} label={trans('Continue')} pending={pending} form={formId} />}
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {errors.form ? <p role="alert" className="text-sm text-danger">{errors.form}</p> : null}
        {code === null ? (
          <>
            {errors.email ? <p role="alert" className="text-sm text-danger">{errors.email}</p> : null}
            <TextField label={trans('Password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          </>
        ) : (
          <>
            <TextField
              key={recovery ? 'recovery' : 'code'}
              label={recovery ? trans('Recovery code') : trans('Code')} autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} autoFocus required
              description={recovery ? trans('Enter one of your recovery codes. Each code works once.') : trans('Enter the 6-digit code from your authenticator app.')}
              value={code} onChange={(e) => setCode(e.target.value)} error={recovery ? errors.recovery_code : errors.code}
            />
            <Button variant="text" className="self-start" onClick={() => { setRecovery(!recovery); setCode(''); setErrors({}); }}>
              {recovery ? trans('Use a code from your authenticator app') : trans('Use a recovery code')}
            </Button>
          </>
        )}
      </form>
    </Modal>
  );
}
