import { useState } from 'react';
import { api, fieldMessages } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { OwnerProofFields, useOwnerProof } from './OwnerProof';

/**
 * The account's address and a way to move it: the new address gets a link that makes the change (nothing changes
 * until it is opened), so the dialog only asks for it and the password.
 */
export function ChangeEmail({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const proof = useOwnerProof();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) { setValues({ email: '', password: '' }); setErrors({}); proof.reset(); }
  };
  const submit = async () => {
    setPending(true);
    try {
      await api.put('account/email', hasPassword ? values : { email: values.email, ...proof.body });
      close(false);
      toast(trans('We sent a confirmation link to your new email address.'));
    } catch (err) {
      setErrors(!hasPassword && proof.caught(err) ? {} : fieldMessages(err, ['email', 'password', 'code'], 'email', trans('There was an issue. Please try again.')));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <p className="text-sm text-text-muted">{trans('Email')}</p>
        <p className="truncate font-medium" dir="ltr">{email}</p>
      </div>
      <Button onClick={() => setOpen(true)}>{trans('Change email')}</Button>
      <FormDialog
        open={open}
        onOpenChange={close}
        title={trans('Change email')}
        description={trans('We will send a link to the new address. Your email changes when you open it.')}
        size="sm"
        onSubmit={submit}
        label={trans('Send link')} pending={pending}
      >
        <TextField label={trans('New email')} type="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={errors.email} autoFocus />
        {hasPassword && (
          <TextField label={trans('Password')} type="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} error={errors.password} />
        )}
        {!hasPassword && <OwnerProofFields proof={proof} error={errors.code} />}
      </FormDialog>
    </div>
  );
}
