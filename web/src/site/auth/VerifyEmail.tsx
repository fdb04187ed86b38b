import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { forgetMailedLink, mailedLink } from '../../lib/mailed-link';
import { trans } from '../../lib/i18n';
import { AuthCard, FormError } from './AuthCard';

type State = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

interface LinkTexts { title: string; pending: string; done: string }

/** A mailed one-time link: posts its token once, then says what it did (or why not). */
function EmailLinkPage({ page, call, texts }: { page: string; call: string; texts: LinkTexts }) {
  const [token] = useState(() => mailedLink(page).get('token') ?? '');
  const [state, setState] = useState<State>({ status: 'pending' });
  // StrictMode runs effects twice in development; the token is single-use, so post it once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<{ message?: string }>(call, { token })
      .then(async (res) => {
        forgetMailedLink(page);
        await invalidateBootstrap();
        setState({ status: 'done', message: res?.message || texts.done });
      })
      .catch((e: unknown) => setState({ status: 'failed', message: errorMessage(e, trans('This confirmation link is invalid or has expired.')) }));
  }, [token, page, call, texts.done]);
  return (
    <AuthCard title={texts.title} footer={<Link replace className="text-primary underline" to="/">{trans('Go to the home page')}</Link>}>
      {state.status === 'pending' && <p role="status">{texts.pending}</p>}
      {state.status === 'done' && <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">{state.message}</p>}
      {state.status === 'failed' && <FormError message={state.message} />}
    </AuthCard>
  );
}

/** /email/verify (mailed as /email/verify/:token) — the confirmation e-mail's link: confirms the address once. */
export function Component() {
  return <EmailLinkPage page="/email/verify" call="auth/email/verify" texts={{ title: trans('Confirm your email'), pending: trans('Confirming your email address…'), done: trans('Your email address has been confirmed.') }} />;
}

/** /email/change (mailed as /email/change/:token) — the link mailed to a new address: the account moves to it once. */
export function EmailChangePage() {
  return <EmailLinkPage page="/email/change" call="auth/email/change" texts={{ title: trans('Change email'), pending: trans('Changing your email address…'), done: trans('Your email address has been changed.') }} />;
}
