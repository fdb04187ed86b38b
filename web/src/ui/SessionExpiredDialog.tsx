import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAuth } from '../lib/auth';
import { onSignInNeeded } from '../lib/session-expired';

const SignInAgain = lazy(() => import('./SignInAgainDialog'));

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
  return email === null ? null : <Suspense fallback={null}><SignInAgain email={email} /></Suspense>;
}
