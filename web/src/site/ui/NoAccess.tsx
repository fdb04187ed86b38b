import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth, useSetting } from '../../lib/auth';
import { useLoginPath } from '../../lib/guards';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { useDocumentTitle } from '../../admin/PageTitle';

/** True for the answers that mean "your role may not see this" (401 for visitors, 403 for signed-in users). */
export const isNoAccess = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 403);

/**
 * Shown instead of a page's content when the visitor's role lacks the permission the page needs. `watch`: the page
 * is a video, which on a site that sells plans is what a plan gives (their permissions), so it offers the plans.
 */
export function NoAccess({ watch = false }: { watch?: boolean }) {
  const { user } = useAuth();
  const login = useLoginPath();
  const plans = useSetting<boolean>('client.billing.enable', false) && watch;
  const heading = plans ? trans('Subscribe to watch') : watch ? trans("You don't have permission to watch videos.") : trans("You don't have permission to view this page");
  const hint = plans
    ? trans('Choose a plan to watch this video and the rest of the catalogue.')
    : user ? trans('Ask the site owner for access.') : trans('Sign in with an account that has access.');
  useDocumentTitle(heading);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-20 text-center">
      <Lock size="2.5rem" className="text-text-muted" aria-hidden />
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <p className="text-text-muted">{hint}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {plans && <Link to="/pricing" className={buttonClass('primary', 'md')}>{trans('See plans')}</Link>}
        {!user && <Link to={login} className={buttonClass(plans ? 'outline' : 'primary', 'md')}>{trans('Login')}</Link>}
      </div>
    </div>
  );
}
