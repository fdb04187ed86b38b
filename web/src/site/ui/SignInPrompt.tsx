import { Link } from 'react-router';
import { useLoginPath } from '../../lib/guards';

/** Where members can act (comment, rate, review), a guest is offered to sign in and come back to this page. */
export function SignInPrompt({ children }: { children: string }) {
  return (
    <p className="text-sm">
      <Link to={useLoginPath()} className="text-primary underline-offset-2 hover:underline">{children}</Link>
    </p>
  );
}
