import { Link, useLocation } from 'react-router';
import { loginPath } from '../../lib/guards';

/** Where members can act (comment, rate, review), a guest is offered to sign in and come back to this page. */
export function SignInPrompt({ children }: { children: string }) {
  const { pathname, search } = useLocation();
  return (
    <p className="text-sm">
      <Link to={loginPath(pathname + search)} className="text-primary underline-offset-2 hover:underline">{children}</Link>
    </p>
  );
}
