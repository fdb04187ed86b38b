import type { SocialLoginMessage, SocialProvider } from '@app/contracts/social';
import { API_ROOT } from '../../lib/api';
import { useOAuthPopup } from '../../lib/oauth-popup';

const connectUrl = (provider: SocialProvider, popup: boolean) => `${API_ROOT}/auth/social/${provider}/connect${popup ? '?popup=1' : ''}`;

/** Opens the provider's sign-in in a popup and calls `onResult` with what the callback page reports. */
export function useSocialPopup(onResult: (message: SocialLoginMessage) => void) {
  const open = useOAuthPopup<SocialLoginMessage>('social-login', 'social-login', onResult);
  return (provider: SocialProvider) => open(connectUrl(provider, true), connectUrl(provider, false));
}
