import { useEffect, useRef, useState } from 'react';
import type { AdSlot as AdSlotName } from '@app/contracts/settings';
import { useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { useCookieConsent } from '../analytics';
import { PAGE_WIDTH } from '../ui/page-width';

const MAX_HEIGHT = 600;

// Reports the ad's height to the page so the frame fits it (the frame cannot be measured from outside).
const RESIZER = `<script>(function(){function s(){parent.postMessage({adSlotHeight:document.documentElement.scrollHeight},'*')}
addEventListener('load',s);new ResizeObserver(s).observe(document.documentElement);})();</script>`;

/** The page's Content-Security-Policy nonce (the server fills Vite's csp-nonce meta); a srcdoc frame inherits the policy. */
const pageNonce = () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
const withNonce = (html: string, nonce: string) => (nonce ? html.replace(/<script\b/gi, `<script nonce="${nonce}"`) : html);

/**
 * One ad slot (client.ads.<slot>), rendered in a sandboxed frame: srcdoc without allow-same-origin gives the
 * ad an opaque origin, so its scripts run but cannot read the site's cookies, storage or DOM.
 * Nothing renders when ads are disabled (client.ads.disable) or the slot is empty, nor, while the GDPR cookie notice
 * is on, before the visitor accepts it: ad networks set and read their own cookies, as Google's tag does.
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const disabled = useSetting<boolean>('client.ads.disable', false);
  const consent = useCookieConsent();
  const html = useSetting<string>(`client.ads.${slot}`, '');
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(90);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow) return;
      const h = Number((e.data as { adSlotHeight?: unknown })?.adSlotHeight);
      if (Number.isFinite(h) && h > 0) setHeight(Math.min(Math.ceil(h), MAX_HEIGHT));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (disabled || !consent || !html?.trim()) return null;
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;overflow:hidden}body{display:flex;justify-content:center}</style></head><body>${withNonce(html + RESIZER, pageNonce())}</body></html>`;
  return (
    <div className={cn(PAGE_WIDTH, 'flex justify-center py-3', className)} data-ad-slot={slot}>
      <iframe
        ref={frame}
        title={trans('Advertisement')}
        srcDoc={doc}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        loading="lazy"
        className="w-full border-0"
        style={{ height }}
      />
    </div>
  );
}
