import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { ApiError, errorMessage, failedAnswerMessage, networkError } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useLoginPath } from '../lib/guards';
import { isCodeLoadError, isOffline, isStaleBuildError, reloadForNewBuild } from '../lib/stale-build';
import { trans } from '../lib/i18n';
import { cn } from '../ui/cn';
import { Button, buttonClass } from '../ui/Button';
import { useErrorPageTitle } from '../admin/PageTitle';

/** 1 where the error is the page; 2 where it takes a tab or section's place under the page's own h1. */
type HeadingLevel = 1 | 2;

function ErrorShell({ code, title, text, action, alert, level = 1 }: { code?: string; title: string; text: string; action?: ReactNode; alert?: boolean; level?: HeadingLevel }) {
  useErrorPageTitle(title);
  const Heading = level === 2 ? 'h2' : 'h1';
  return (
    <div role={alert ? 'alert' : undefined} className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      {code && <p className="text-5xl font-bold text-text-muted">{code}</p>}
      <Heading className="text-2xl font-semibold">{title}</Heading>
      <p className="max-w-md text-text-muted">{text}</p>
      {action ?? <Link to="/" className={buttonClass('primary', 'md', 'mt-4')}>{trans('Go to homepage')}</Link>}
    </div>
  );
}

/** A page the visitor may not see; a guest is offered to sign in and come back (a member may see more). */
export function ForbiddenPage({ message, level }: { message?: string; level?: HeadingLevel }) {
  const { isLoggedIn } = useAuth();
  const login = useLoginPath();
  return (
    <ErrorShell
      code="403"
      level={level}
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

/** True when the answer never came: offline, or the server cannot be reached (api.ts answers status 0). */
export const isUnreachable = (e: unknown) => e instanceof ApiError && e.status === 0;

/**
 * What a page shows when the data it needs could not be loaded: a 404 the not-found page, a 401/403 the no-access
 * page (as the routes show them), anything else what went wrong and a "Try again" that asks anew (`retry`: the
 * query's refetch). One component for every page that loads its own data, instead of a bare red line. `level` 2 where
 * it stands in for a tab under the page's own h1 (a page has one h1).
 */
function useRetry(retry: () => unknown) {
  const [retrying, setRetrying] = useState(false);
  const again = () => {
    setRetrying(true);
    // A retry that fails again shows through its query; here it must not become an unhandled rejection.
    void Promise.resolve().then(retry).catch((e: unknown) => console.error(e)).finally(() => setRetrying(false));
  };
  return { retrying, again };
}

export function LoadError({ error, retry, level }: { error: unknown; retry: () => unknown; level?: HeadingLevel }) {
  const { retrying, again } = useRetry(retry);
  const status = error instanceof ApiError ? error.status : null;
  if (status === 404) return <NotFoundPage level={level} />;
  if (status === 401 || status === 403) return <ForbiddenPage level={level} />;
  return (
    <ErrorShell
      alert
      level={level}
      title={isUnreachable(error) ? trans('Could not reach the server') : trans('Something went wrong')}
      text={errorMessage(error, failedAnswerMessage())}
      action={<Button variant="primary" className="mt-4" aria-disabled={retrying} onClick={retrying ? undefined : again}>{trans('Try again')}</Button>}
    />
  );
}

/**
 * LoadError's one-line form, for a part of a page (a card, a dialog, a field's options, a panel): what went wrong
 * (`message` when the answer says nothing) and a "Try again" that asks anew.
 */
export function InlineLoadError({ error, message, retry, className }: { error?: unknown; message: string; retry: () => unknown; className?: string }) {
  const { retrying, again } = useRetry(retry);
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', className)}>
      <span className="text-danger">{errorMessage(error, message)}</span>
      <Button size="sm" aria-disabled={retrying} onClick={retrying ? undefined : again}>{trans('Try again')}</Button>
    </div>
  );
}

/** A route whose data or code could not be fetched because the server was out of reach: "Try again" asks anew. */
export function UnreachablePage({ codeFailed }: { codeFailed: boolean }) {
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  // The route's code never arrived: only loading the page again fetches it.
  const retry = codeFailed
    ? () => window.location.reload()
    : () => Promise.all([revalidator.revalidate(), queryClient.refetchQueries({ type: 'active' })]);
  return <LoadError error={networkError()} retry={retry} />;
}

export function NotFoundPage({ level }: { level?: HeadingLevel }) {
  return <ErrorShell code="404" level={level} title={trans('Page not found')} text={trans('The page you are looking for does not exist or has been moved.')} />;
}

export function RouteError() {
  const error = useRouteError();
  // Decided once: after the effect marks the reload, the check would answer no and flash the error page first.
  const [stale] = useState(() => isStaleBuildError(error));
  useEffect(() => { if (stale) reloadForNewBuild(); }, [stale]);
  if (stale) return <p role="status" className="p-8 text-center text-text-muted">{trans('Loading the latest version of the site…')}</p>;
  if (isUnreachable(error)) return <UnreachablePage codeFailed={false} />;
  if (isCodeLoadError(error) && isOffline()) return <UnreachablePage codeFailed />;
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
