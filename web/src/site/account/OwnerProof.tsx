import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SOCIAL_PROVIDER_NAMES, type SocialProfile } from '@app/contracts/social';
import { api, ApiError, errorMessage, fieldMessages } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { useSocialPopup } from '../auth/social-login';

/**
 * What an account without a password gives instead of one before its password, address or existence changes (the
 * server's provePassword): a code from the authenticator app when 2FA is on; otherwise a recent sign-in through its
 * social provider, which the server asks for (field `reauth`) once the sign-in is older and this offers to redo.
 */
export function useOwnerProof() {
  const { user } = useAuth();
  const [code, setCode] = useState('');
  const [reauth, setReauth] = useState<string>();
  const needsCode = !!user && !user.has_password && user.two_factor_enabled;
  return {
    needsCode,
    /** The proof to send along with the form. */
    body: needsCode ? { code: code.trim() } : {},
    code, setCode,
    reauth, setReauth,
    /** Reads a refusal: answers true when it asked to sign in again (shown by OwnerProofFields). */
    caught: (err: unknown) => {
      const message = err instanceof ApiError ? err.errors?.reauth?.[0] : undefined;
      setReauth(message);
      return !!message;
    },
    reset: () => { setCode(''); setReauth(undefined); },
  };
}

export type OwnerProof = ReturnType<typeof useOwnerProof>;

/** The code field, or the request to sign in again with a button per linked provider. */
export function OwnerProofFields({ proof, error }: { proof: OwnerProof; error?: string }) {
  const profiles = useQuery({
    queryKey: ['social-profiles'],
    queryFn: () => api.get<{ profiles: SocialProfile[] }>('auth/social/profiles').then((r) => r.profiles),
    enabled: !!proof.reauth,
  });
  const open = useSocialPopup((msg) => {
    if (msg.status === 'SUCCESS') {
      proof.setReauth(undefined);
      toast(trans('Signed in again. You can go on.'));
    } else {
      proof.setReauth(msg.message || trans('There was an issue with social login. Please try again.'));
    }
  });
  return (
    <>
      {proof.needsCode && (
        <TextField label={trans('Two-factor code')} inputMode="numeric" autoComplete="one-time-code" value={proof.code} onChange={(e) => proof.setCode(e.target.value)} error={error} />
      )}
      {proof.reauth && (
        <div className="flex flex-col gap-2" data-testid="sign-in-again">
          <p role="alert" className="text-sm text-danger">{proof.reauth}</p>
          <div className="flex flex-wrap gap-2">
            {(profiles.data ?? []).map((p) => (
              <Button key={p.service_name} type="button" size="sm" onClick={() => open(p.service_name)}>
                {trans('Sign in again with :provider', { provider: SOCIAL_PROVIDER_NAMES[p.service_name] })}
              </Button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

type Proof = { password?: string; code?: string };

/**
 * A step that guards the account (turning 2FA on, connecting a social account) run after the owner proves it is
 * them: `begin()` opens 'Confirm it is you' for the current password (or a 2FA code); an account without either sends
 * its recent social sign-in at once, and the dialog opens only when the server asks to sign in again.
 */
export function useConfirmOwner<T, A = void>(o: { hasPassword: boolean; why: ReactNode; send: (proof: Proof, arg: A) => Promise<T>; done: (result: T, arg: A) => void }) {
  const proof = useOwnerProof();
  // What the step is about (the provider to connect), kept while the dialog is open.
  const [arg, setArg] = useState<{ value: A }>();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const close = () => { setOpen(false); setPassword(''); setError(undefined); proof.reset(); };
  const run = async (about = arg) => {
    if (!about) return;
    setError(undefined);
    try {
      const result = await o.send(o.hasPassword ? { password } : proof.body, about.value);
      close();
      o.done(result, about.value);
    } catch (e) {
      if (!o.hasPassword && proof.caught(e)) { setOpen(true); return; }
      const field = fieldMessages(e, ['password', 'code'], 'password', '');
      const message = o.hasPassword ? field.password : field.code;
      if (open && message) setError(message);
      else toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    }
  };
  const dialog = (
    <FormDialog open={open} onOpenChange={(v) => { if (!v) close(); }} title={trans('Confirm it is you')} size="sm" onSubmit={() => run()} label={trans('Continue')}>
      <p className="text-sm text-text-muted">{o.why}</p>
      {o.hasPassword
        ? <TextField label={trans('Current password')} type="password" autoComplete="current-password" value={password} onChange={(e) => { setPassword(e.target.value); setError(undefined); }} error={error} autoFocus />
        : <OwnerProofFields proof={proof} error={error} />}
    </FormDialog>
  );
  const begin = (value: A) => {
    setArg({ value });
    if (o.hasPassword || proof.needsCode) setOpen(true);
    else void run({ value });
  };
  return { begin, dialog };
}
