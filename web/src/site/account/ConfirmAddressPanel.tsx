import type { CurrentUser } from '@app/contracts/users';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { useResendConfirmation } from '../auth/ConfirmEmailNotice';
import { ChangeEmail } from './ChangeEmail';
import { Panel } from './Panel';

/**
 * The account page of a member whose address awaits confirmation (with "Require email confirmation" on): what they
 * can do until then (correct a mistyped address, get a new link) and why the rest of the page is not there.
 */
export function ConfirmAddressPanel({ user }: { user: CurrentUser }) {
  const resend = useResendConfirmation();
  return (
    <Panel
      id="account-confirm"
      title={trans('Confirm your email address')}
      description={trans('Open the link we sent to your email address to use the rest of your account settings. Until then you can change the address, ask for a new link or delete your account.')}
    >
      <div className="flex flex-col gap-5">
        <ChangeEmail email={user.email} hasPassword={user.has_password} />
        <div>
          <Button onClick={() => resend.mutate()} disabled={resend.isPending}>{trans('Resend confirmation email')}</Button>
        </div>
      </div>
    </Panel>
  );
}
