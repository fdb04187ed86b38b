import { useNavigate } from 'react-router';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '@app/contracts/social';
import { useBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { SocialIcon } from './social-icons';
import { useSocialPopup } from './social-login';

/** The providers whose login is switched on in the authentication settings. */
export function useEnabledProviders(): SocialProvider[] {
  const { settings } = useBootstrap();
  return SOCIAL_PROVIDERS.filter((p) => settings[`client.social.${p}.enable`] === true);
}

/**
 * One button per enabled provider (icon-only when client.social.compact_buttons is on). Signing in happens
 * in a popup; `onSignedIn` runs once the server has started the session, `onError` with its message. On the
 * register page `policies` answers the ticked registration policies' ids, or null (it says what is missing) to stop.
 */
export function SocialButtons({ onSignedIn, onError, policies }: { onSignedIn: () => void; onError: (message: string) => void; policies?: () => string[] | null }) {
  const { settings } = useBootstrap();
  const providers = useEnabledProviders();
  const navigate = useNavigate();
  const compact = settings['client.social.compact_buttons'] === true;
  const open = useSocialPopup((msg) => {
    if (msg.status === 'SUCCESS') onSignedIn();
    else if (msg.status === 'TWO_FACTOR') navigate(`/login/two-factor${window.location.search}`);
    else onError(msg.message || trans('There was an issue with social login. Please try again.'));
  });
  const start = (p: SocialProvider) => {
    onError('');
    const accepted = policies ? policies() : [];
    if (accepted) open(p, accepted);
  };
  if (!providers.length) return null;
  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase text-text-muted">
        <span className="h-px flex-1 bg-border" />{trans('or')}<span className="h-px flex-1 bg-border" />
      </div>
      <div className={cn(compact ? 'flex flex-wrap justify-center gap-3' : 'flex flex-col gap-2')}>
        {providers.map((p) => {
          const label = trans('Continue with :provider', { provider: SOCIAL_PROVIDER_NAMES[p] });
          return compact ? (
            <Button key={p} size="icon" className="h-11 w-11 rounded-full" aria-label={label} title={label} onClick={() => start(p)}>
              <SocialIcon provider={p} size="1.25rem" />
            </Button>
          ) : (
            <Button key={p} className="w-full" onClick={() => start(p)}>
              <SocialIcon provider={p} />{label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
