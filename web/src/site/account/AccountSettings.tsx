import { useDocumentTitle } from '../../admin/PageTitle';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { MenuPosition } from '../appearance/MenuPosition';
import { PasswordPanel } from './PasswordPanel';
import { ProfilePanel } from './ProfilePanel';
import { SessionsPanel } from './SessionsPanel';
import { SocialPanel } from './SocialPanel';
import { TokensPanel } from './TokensPanel';
import { TwoFactorPanel } from './TwoFactorPanel';
import { YourDataPanel } from './YourDataPanel';
import { BillingPanel } from '../billing/BillingPanel';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { useAwaitingConfirmation } from '../auth/ConfirmEmailNotice';
import { ConfirmAddressPanel } from './ConfirmAddressPanel';
import { READING_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** /account-settings: the signed-in user's profile, billing, notifications, password, sign-ins, API tokens and their data. */
export function Component() {
  useDocumentTitle(trans('Account settings'));
  const { user, can } = useAuth();
  const awaitingConfirmation = useAwaitingConfirmation();
  if (!user) return null;
  const header = (
    <div>
      <h1 className="text-2xl font-semibold sm:text-3xl">{trans('Account settings')}</h1>
      <p className="mt-1 text-sm text-text-muted">{trans('View and update your account details, profile and more.')}</p>
      <MenuPosition position="account-settings-page" label={trans('Account links')} className="-mx-3 mt-3" />
    </div>
  );
  // Until the address is confirmed the server refuses the other panels' calls: only what works is shown.
  if (awaitingConfirmation) {
    return (
      <div className={cn(READING_WIDTH, 'flex flex-col gap-6 py-8 sm:py-10')}>
        {header}
        <ConfirmAddressPanel user={user} />
        <YourDataPanel hasPassword={user.has_password} exportable={false} />
      </div>
    );
  }
  return (
    <div className={cn(READING_WIDTH, 'flex flex-col gap-6 py-8 sm:py-10')}>
      {header}
      <ProfilePanel user={user} />
      <BillingPanel />
      <NotificationsPanel />
      <PasswordPanel hasPassword={user.has_password} />
      <TwoFactorPanel hasPassword={user.has_password} />
      <SocialPanel hasPassword={user.has_password} />
      <SessionsPanel />
      {can('api.access') && <TokensPanel />}
      <YourDataPanel hasPassword={user.has_password} />
    </div>
  );
}
