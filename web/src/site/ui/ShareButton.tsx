import { Share2 } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';

/**
 * Shares a page: the device's own share sheet where it has one (phones), else the address to the clipboard; where
 * the clipboard is not allowed either, the toast shows the address to copy by hand.
 */
async function share(url: string, title: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (err) {
      // Closing the share sheet is a choice, not a failure.
      if ((err as DOMException | null)?.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(trans('Link copied to clipboard'));
  } catch {
    toast(trans('Copy this link: :url', { url }), 'info');
  }
}

/** `url` defaults to the page's own address without its query; `className` sizes it beside its neighbours. */
export function ShareButton({ title, url, className }: { title: string; url?: string; className?: string }) {
  const address = url ?? `${window.location.origin}${window.location.pathname}`;
  return <Button variant="outline" className={className} onClick={() => void share(address, title)}><Share2 size="1rem" aria-hidden />{trans('Share')}</Button>;
}
