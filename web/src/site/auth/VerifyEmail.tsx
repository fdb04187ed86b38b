import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { AuthCard, FormError } from './AuthCard';

type State = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** The confirmation e-mail's link: confirms the address once, then says so (or why not). */
export function Component() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'pending' });
  // StrictMode runs effects twice in development; the token is single-use, so post it once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<{ message?: string }>('auth/email/verify', { token })
      .then(async (res) => {
        await invalidateBootstrap();
        setState({ status: 'done', message: res?.message || trans('Your email address has been confirmed.') });
      })
      .catch((e: unknown) => setState({ status: 'failed', message: errorMessage(e, trans('This confirmation link is invalid or has expired.')) }));
  }, [token]);
  return (
    <AuthCard title={trans('Confirm your email')} footer={<Link className="text-primary underline" to="/">{trans('Go to the home page')}</Link>}>
      {state.status === 'pending' && <p role="status">{trans('Confirming your email address…')}</p>}
      {state.status === 'done' && <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">{state.message}</p>}
      {state.status === 'failed' && <FormError message={state.message} />}
    </AuthCard>
  );
}
