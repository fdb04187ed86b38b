import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SOCIAL_PROVIDER_NAMES, type SocialProfile } from '@app/contracts/social';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
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
