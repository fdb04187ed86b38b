import { useState } from 'react';
import { fieldMessages } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirm: string;
  hasPassword: boolean;
  /** Sends the password and code; field errors from the server are shown under their fields. */
  onSubmit: (input: { password?: string; code: string }) => Promise<void>;
}

/** Asks for the password (when the account has one) and a current code before 2FA is turned off or its codes renewed. */
export function TwoFactorVerifyDialog({ open, onOpenChange, title, confirm, hasPassword, onSubmit }: Props) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);

  const submit = async () => {
    setPending(true);
    try {
      await onSubmit({ password: hasPassword ? password : undefined, code: code.trim() });
      setPassword('');
      setCode('');
      setErrors({});
    } catch (err) {
      setErrors(fieldMessages(err, ['password', 'code'], 'code', trans('There was an issue. Please try again.')));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      onSubmit={submit}
      label={confirm} pending={pending}
    >
      {hasPassword && (
        <TextField label={trans('Password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} autoFocus />
      )}
      <TextField label={trans('Code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} autoFocus={!hasPassword} />
    </FormDialog>
  );
}
