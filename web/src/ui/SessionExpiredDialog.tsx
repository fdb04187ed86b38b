import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../lib/auth';
import { onSignInNeeded, signInSettled } from '../lib/session-expired';
import { retryableLazy } from '../lib/retryable-lazy';
import { trans } from '../lib/i18n';
import { LazyPart } from './LazyPart';
import { toast } from './Toast';

const SignInAgain = retryableLazy(() => import('./SignInAgainDialog'));

/**
 * Asks to sign in again when a write finds the session ended (lib/session-expired): the page and its form stay as
 * they are behind the dialog, and the write goes through once signed in. Accounts with two-factor on give their code.
 * Only a page that was signed in asks; a guest's refused write fails as it is.
 */
export function SessionExpiredDialog() {
  const { user } = useAuth();
  const [email, setEmail] = useState<string | null>(null);
  const lastUser = useRef(user);
  useEffect(() => { lastUser.current = user; }, [user]);
  useEffect(() => onSignInNeeded({
    ask: () => {
      if (!lastUser.current) return false;
      setEmail(lastUser.current.email);
      return true;
    },
    close: () => setEmail(null),
  }), []);
  // The dialog's code could not be loaded (offline, or the site was upgraded since the tab opened): the write fails as
  // it is, with the page and its form untouched, rather than the error page replacing them.
  const failed = () => {
    toast.danger(trans('Your session has ended. Sign in again in another tab, then save once more.'));
    signInSettled(false);
  };
  return email === null ? null : <LazyPart fallback={null} failed={null} onError={failed}><SignInAgain email={email} /></LazyPart>;
}
