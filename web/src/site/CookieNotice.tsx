import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NoticeLink } from '@app/contracts/settings';
import { useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { COOKIE_CONSENT_EVENT, COOKIE_CONSENT_KEY, COOKIE_NOTICE_REOPEN_EVENT, answeredCookieNotice } from './analytics';

function parseLink(json: string): NoticeLink | null {
  try { return JSON.parse(json) as NoticeLink; } catch { return null; }
}

/**
 * The GDPR cookie notice (client.cookie_notice.*), shown until the visitor accepts or declines it (declining is as
 * easy as accepting: the analytics tag and ad slots then stay off, see useCookieConsent). The layout places one at the
 * top of the page and one at the bottom; the setting picks which shows. At the top it sits in the page's flow, so it
 * pushes the site header down instead of covering its name and sign-in buttons. The footer's "Cookie settings" link
 * (CookieSettingsLink) brings it back, so an answer can be changed later.
 */
export function CookieNotice({ at }: { at: 'top' | 'bottom' }) {
  const enabled = useSetting<boolean>('client.cookie_notice.enable', false);
  const position = useSetting<string>('client.cookie_notice.position', 'bottom');
  const buttonJson = useSetting<string>('client.cookie_notice.button', '');
  const [answered, setAnswered] = useState(answeredCookieNotice);
  useEffect(() => {
    const reopen = () => setAnswered(false);
    window.addEventListener(COOKIE_NOTICE_REOPEN_EVENT, reopen);
    return () => window.removeEventListener(COOKIE_NOTICE_REOPEN_EVENT, reopen);
  }, []);
  if (!enabled || answered || (position === 'top') !== (at === 'top')) return null;
  const button = parseLink(buttonJson);
  const answer = (accepted: boolean) => {
    localStorage.setItem(COOKIE_CONSENT_KEY, accepted ? '1' : '0');
    setAnswered(true);
    window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT));
  };
  return (
    <div
      role="region"
      aria-label={trans('Cookie notice')}
      data-testid="cookie-notice"
      data-position={position}
      className={cn('inset-x-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-text px-4 py-3 text-sm text-bg shadow-lg', at === 'top' ? 'relative' : 'fixed bottom-0')}
    >
      <span>{trans('This website uses cookies to ensure you get the best experience on our website.')}</span>
      {button?.label && button.action && (
        button.type === 'route'
          ? <Link to={button.action} target={button.target} className="underline">{trans(button.label)}</Link>
          : <a href={button.action} target={button.target ?? '_blank'} rel="noreferrer" className="underline">{trans(button.label)}</a>
      )}
      <span className="flex gap-2">
        <Button variant="outline" size="sm" className="text-text" onClick={() => answer(false)}>{trans('Decline')}</Button>
        <Button variant="primary" size="sm" onClick={() => answer(true)}>{trans('Accept')}</Button>
      </span>
    </div>
  );
}

/** In the site footer while the cookie notice is on: shows the notice again, to accept or decline anew. */
export function CookieSettingsLink() {
  const enabled = useSetting<boolean>('client.cookie_notice.enable', false);
  if (!enabled) return null;
  return (
    <button type="button" className="underline hover:text-text" onClick={() => window.dispatchEvent(new Event(COOKIE_NOTICE_REOPEN_EVENT))}>
      {trans('Cookie settings')}
    </button>
  );
}
