import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_TYPES, type NotificationType } from '@app/contracts/notifications';
import { api, errorMessage } from '../../lib/api';
import { forgetMailedLink, mailedLink } from '../../lib/mailed-link';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { AuthCard, FormError } from '../auth/AuthCard';

const kindOf = (value: string | null): NotificationType | null => NOTIFICATION_TYPES.find((t) => t === value) ?? null;

function kindLabel(type: NotificationType): string {
  switch (type) {
    case 'new_episode': return trans('new episodes');
    case 'now_streaming': return trans('titles on your watchlist that start streaming');
    default: return trans('replies to your comments');
  }
}

/**
 * /unsubscribe (mailed as /unsubscribe?token=…&type=…) — the link at the foot of a notification mail. It asks first: mail scanners open links
 * on their own, and only a person's click should change anything. No sign-in needed; the token is the member's.
 */
export function Component() {
  // The mailed link's token and kind (/unsubscribe?token=…&type=…), kept off the page's address.
  const [params] = useState(() => mailedLink('/unsubscribe'));
  const token = params.get('token') ?? '';
  const type = kindOf(params.get('type'));
  const stop = useMutation({
    mutationFn: () => api.post<{ unsubscribed: NotificationType[] }>(`notifications/unsubscribe?${new URLSearchParams({ token, ...(type ? { type } : {}) })}`, {}),
    onSuccess: () => forgetMailedLink('/unsubscribe'),
  });
  const settings = <Link replace className="text-primary underline" to="/account-settings#account-notifications">{trans('Notification settings')}</Link>;
  return (
    <AuthCard title={trans('Unsubscribe')} footer={settings}>
      {!token ? (
        <FormError message={trans('This unsubscribe link is not valid.')} />
      ) : stop.isSuccess ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          {type ? trans('You will no longer get emails about :kind.', { kind: kindLabel(type) }) : trans('You will no longer get notification emails.')}
          {' '}{trans('You can turn them back on in your notification settings.')}
        </p>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <p>{type ? trans('Stop getting emails about :kind?', { kind: kindLabel(type) }) : trans('Stop getting notification emails?')}</p>
          <p className="text-sm text-text-muted">{trans('You will still see them in the bell at the top of the site.')}</p>
          {stop.isError && <FormError message={errorMessage(stop.error, trans('There was an issue. Please try again.'))} />}
          <Button variant="primary" onClick={() => stop.mutate()} disabled={stop.isPending}>{trans('Unsubscribe')}</Button>
        </div>
      )}
    </AuthCard>
  );
}
