import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { api, errorMessage } from '../../lib/api';
import { useAuth, useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { toast } from '../../ui/Toast';

/** Whether the signed-in account must still confirm its address before it may use member features. */
export function useAwaitingConfirmation(): boolean {
  const { user } = useAuth();
  const required = useSetting<boolean>('client.require_email_confirmation', false);
  return Boolean(user && !user.email_verified_at && required);
}

/** Mails a new confirmation link (limited on the server), with a toast either way. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api.post('auth/email/verification-notification'),
    onSuccess: () => toast(trans('Confirmation email sent.')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
}

/**
 * With "Require email confirmation" on, an account that has not confirmed its address browses as a visitor does:
 * this bar says why member features are refused, and sends a new link when the first mail went missing.
 */
export function ConfirmEmailNotice() {
  const { user } = useAuth();
  const resend = useResendConfirmation();
  const awaiting = useAwaitingConfirmation();
  if (!awaiting) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b border-border bg-bg-alt px-4 py-2 text-sm">
      <MailWarning size="1.125rem" aria-hidden className="text-primary" />
      <span>{trans('Please confirm your email address first. We sent a link to :email.', { email: user!.email })}</span>
      <button type="button" className={buttonClass('outline', 'sm')} disabled={resend.isPending} onClick={() => resend.mutate()}>
        {trans('Resend confirmation email')}
      </button>
    </div>
  );
}
