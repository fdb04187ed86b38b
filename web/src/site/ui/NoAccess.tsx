import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useLoginPath } from '../../lib/guards';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';

/** True for the answers that mean "your role may not see this" (401 for visitors, 403 for signed-in users). */
export const isNoAccess = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 403);

/** Shown instead of a page's content when the visitor's role lacks the permission the page needs. */
export function NoAccess() {
  const { user } = useAuth();
  const login = useLoginPath();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-20 text-center">
      <Lock size={40} className="text-text-muted" aria-hidden />
      <h1 className="text-2xl font-semibold">{trans("You don't have permission to view this page")}</h1>
      <p className="text-text-muted">{user ? trans('Ask the site owner for access.') : trans('Sign in with an account that has access.')}</p>
      {!user && <Link to={login} className={buttonClass('primary', 'md', 'mt-2')}>{trans('Login')}</Link>}
    </div>
  );
}
