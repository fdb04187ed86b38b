import { useEffect, useRef } from 'react';

/**
 * Opens an OAuth flow of ours in a popup and calls `onResult` with what its callback page reports
 * (server/src/modules/social/oauth-flow.ts). The page posts to its opener (same origin only) and, because some
 * providers' pages cut the opener link, on the BroadcastChannel `channel` too. A blocked popup falls back to
 * a full-page redirect (`fallbackUrl`).
 */
export function useOAuthPopup<M extends { type: string }>(type: M['type'], channelName: string, onResult: (message: M) => void) {
  const handler = useRef(onResult);
  handler.current = onResult;
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  return (popupUrl: string, fallbackUrl: string) => {
    cleanup.current?.();
    const width = 520;
    const height = 640;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(popupUrl, channelName, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      window.location.assign(fallbackUrl);
      return;
    }
    let done = false;
    const receive = (data: unknown) => {
      const msg = data as M | null;
      if (done || msg?.type !== type) return;
      done = true;
      cleanup.current?.();
      handler.current(msg);
    };
    const onMessage = (e: MessageEvent) => { if (e.origin === window.location.origin) receive(e.data); };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
    if (channel) channel.onmessage = (e) => receive(e.data);
    cleanup.current = () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      cleanup.current = null;
    };
    popup.focus();
  };
}
