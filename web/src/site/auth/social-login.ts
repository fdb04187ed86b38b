import type { SocialLoginMessage, SocialProvider } from '@app/contracts/social';
import { API_ROOT } from '../../lib/api';
import { useOAuthPopup } from '../../lib/oauth-popup';

/** The connect call; `policies` are the registration policies ticked on the register page (an account made needs them). */
function connectUrl(provider: SocialProvider, popup: boolean, policies: string[]): string {
  const query = new URLSearchParams();
  if (popup) query.set('popup', '1');
  if (policies.length) query.set('policies', policies.join(','));
  const q = query.toString();
  return `${API_ROOT}/auth/social/${provider}/connect${q ? `?${q}` : ''}`;
}

/** Opens the provider's sign-in in a popup and calls `onResult` with what the callback page reports. */
export function useSocialPopup(onResult: (message: SocialLoginMessage) => void) {
  const open = useOAuthPopup<SocialLoginMessage>('social-login', 'social-login', onResult);
  return (provider: SocialProvider, policies: string[] = []) => open(connectUrl(provider, true, policies), connectUrl(provider, false, policies));
}
