import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_PROVIDER_NAMES, type SocialProfile, type SocialProvider } from '@app/contracts/social';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { FormError } from '../auth/AuthCard';
import { SocialIcon } from '../auth/social-icons';
import { useEnabledProviders } from '../auth/SocialButtons';
import { useSocialPopup } from '../auth/social-login';
import { useConfirmOwner } from './OwnerProof';
import { Panel } from './Panel';

const KEY = ['social-profiles'];

/** Connect or disconnect the enabled social login providers (only shown when at least one is on). */
export function SocialPanel({ hasPassword }: { hasPassword: boolean }) {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('social_error'));
  const providers = useEnabledProviders();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ profiles: SocialProfile[] }>('auth/social/profiles').then((r) => r.profiles),
    enabled: providers.length > 0,
  });
  const open = useSocialPopup((msg) => {
    if (msg.status === 'SUCCESS') {
      toast(trans('Connected :provider account', { provider: SOCIAL_PROVIDER_NAMES[msg.provider] }));
      void qc.invalidateQueries({ queryKey: KEY });
    } else {
      setError(msg.message || trans('There was an issue with social login. Please try again.'));
    }
  });
  // A new link is a new way into the account: the owner proves it is them before the provider's page opens.
  const connect = useConfirmOwner({
    hasPassword,
    why: trans('A connected account can sign in to yours, so only you may connect one.'),
    send: (proof, provider: SocialProvider) => api.post(`auth/social/${provider}/link`, proof),
    done: (_res, provider) => open(provider),
  });
  const disconnect = useMutation({
    mutationFn: (provider: SocialProvider) => api.post(`auth/social/${provider}/disconnect`),
    onSuccess: (_res, provider) => {
      toast(trans('Disconnected :provider account', { provider: SOCIAL_PROVIDER_NAMES[provider] }));
      void qc.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => setError(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  if (!providers.length) return null;
  const linked = new Map((query.data ?? []).map((p) => [p.service_name, p]));
  return (
    <Panel id="account-social" title={trans('Manage social login')} description={trans('Enable or disable connected social services.')}>
      <FormError message={error} />
      {query.isPending ? (
        <div className="skeleton h-12 w-full" aria-busy="true" />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={trans('Manage social login')}>
          {providers.map((p) => {
            const profile = linked.get(p);
            const name = SOCIAL_PROVIDER_NAMES[p];
            return (
              <li key={p} className="flex items-center gap-3 py-3">
                <SocialIcon provider={p} size="1.375rem" />
                <div className="min-w-0 flex-1">
                  <div className="text-sm font-medium">{name}</div>
                  <div className="truncate text-xs text-text-muted">
                    {profile ? trans('Connected as :name', { name: profile.username || name }) : trans('Not connected')}
                  </div>
                </div>
                {profile ? (
                  <Button size="sm" aria-label={trans('Disconnect :provider', { provider: name })} disabled={disconnect.isPending}
                    onClick={() => { setError(null); disconnect.mutate(p); }}>
                    {trans('Disconnect')}
                  </Button>
                ) : (
                  <Button size="sm" aria-label={trans('Connect :provider', { provider: name })} onClick={() => { setError(null); connect.begin(p); }}>
                    {trans('Connect')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {connect.dialog}
    </Panel>
  );
}
