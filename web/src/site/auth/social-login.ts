import { useEffect, useRef } from 'react';
import type { SocialLoginMessage, SocialProvider } from '@app/contracts/social';
import { API_ROOT } from '../../lib/api';

const connectUrl = (provider: SocialProvider, popup: boolean) => `${API_ROOT}/auth/social/${provider}/connect${popup ? '?popup=1' : ''}`;

/**
 * Opens the provider's sign-in in a popup and calls `onResult` with what the callback page reports.
 * The callback page posts to its opener (same origin only) and, because some providers' pages cut the
 * opener link, on a BroadcastChannel too. A blocked popup falls back to a full-page redirect.
 */
export function useSocialPopup(onResult: (message: SocialLoginMessage) => void) {
  const handler = useRef(onResult);
  handler.current = onResult;
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  return (provider: SocialProvider) => {
    cleanup.current?.();
    const width = 520;
    const height = 640;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(connectUrl(provider, true), 'social-login', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      window.location.assign(connectUrl(provider, false));
      return;
    }
    let done = false;
    const receive = (data: unknown) => {
      const msg = data as SocialLoginMessage | null;
      if (done || msg?.type !== 'social-login') return;
      done = true;
      cleanup.current?.();
      handler.current(msg);
    };
    const onMessage = (e: MessageEvent) => { if (e.origin === window.location.origin) receive(e.data); };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('social-login');
    if (channel) channel.onmessage = (e) => receive(e.data);
    cleanup.current = () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      cleanup.current = null;
    };
    popup.focus();
  };
}
