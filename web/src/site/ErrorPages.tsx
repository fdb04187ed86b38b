import { useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useAuth } from '../lib/auth';
import { useLoginPath } from '../lib/guards';
import { isStaleBuildError, reloadForNewBuild } from '../lib/stale-build';
import { trans } from '../lib/i18n';
import { buttonClass } from '../ui/Button';
import { useErrorPageTitle } from '../admin/PageTitle';

function ErrorShell({ code, title, text, action }: { code: string; title: string; text: string; action?: ReactNode }) {
  useErrorPageTitle(title);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-5xl font-bold text-text-muted">{code}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-text-muted">{text}</p>
      {action ?? <Link to="/" className={buttonClass('primary', 'md', 'mt-4')}>{trans('Go to homepage')}</Link>}
    </div>
  );
}

/** A page the visitor may not see; a guest is offered to sign in and come back (a member may see more). */
export function ForbiddenPage({ message }: { message?: string }) {
  const { isLoggedIn } = useAuth();
  const login = useLoginPath();
  return (
    <ErrorShell
      code="403"
      title={trans('You do not have access to this page')}
      text={isLoggedIn ? message || trans("You don't have permission to access this page.") : trans('Sign in to see this page.')}
      action={isLoggedIn ? undefined : <Link to={login} className={buttonClass('primary', 'md', 'mt-4')}>{trans('Sign in')}</Link>}
    />
  );
}

/** Anything else that went wrong loading a page. */
export function ErrorPage() {
  return <ErrorShell code="500" title={trans('Something went wrong')} text={trans('There was an issue. Please try again.')} />;
}

export function NotFoundPage() {
  return <ErrorShell code="404" title={trans('Page not found')} text={trans('The page you are looking for does not exist or has been moved.')} />;
}

export function RouteError() {
  const error = useRouteError();
  // Decided once: after the effect marks the reload, the check would answer no and flash the error page first.
  const [stale] = useState(() => isStaleBuildError(error));
  useEffect(() => { if (stale) reloadForNewBuild(); }, [stale]);
  if (stale) return <p role="status" className="p-8 text-center text-text-muted">{trans('Loading the latest version of the site…')}</p>;
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <ForbiddenPage />;
    if (error.status === 404) return <NotFoundPage />;
  }
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: number }).status;
    if (status === 403) return <ForbiddenPage />;
    if (status === 404) return <NotFoundPage />;
  }
  console.error(error);
  return <ErrorPage />;
}
