import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationType } from '@app/contracts/notifications';
import { api, errorMessage } from '../../lib/api';
import { useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Checkbox, Switch } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { Panel } from '../account/Panel';

const SETTINGS = ['notifications', 'settings'] as const;

type Change = Partial<Record<NotificationType, boolean>> & { email?: Partial<Record<NotificationType, boolean>> };

/**
 * Account settings: which kinds of notification reach the bell, and which of those also come by email (while the
 * site offers it). Each control saves as it is changed.
 */
export function NotificationsPanel() {
  const qc = useQueryClient();
  const emailOffered = useSetting<boolean>('client.notifications.email', true);
  const settings = useQuery({ queryKey: SETTINGS, queryFn: () => api.get<{ settings: NotificationSettings }>('notifications/settings').then((r) => r.settings) });
  // The control moves as it is clicked (set in the click's own render), not when the server answers; a refusal puts it back.
  const [changing, setChanging] = useState<Change | null>(null);
  const save = useMutation({
    mutationFn: (change: Change) => api.put<{ settings: NotificationSettings }>('notifications/settings', change),
    onSuccess: (r) => {
      qc.setQueryData(SETTINGS, r.settings);
      toast(trans('Notification settings saved'));
    },
    onError: (err) => toast(errorMessage(err, trans('There was an issue. Please try again.'))),
    onSettled: () => setChanging(null),
  });
  // The controls stay focusable while a change saves (disabling them threw focus to <body>): one change at a time.
  const change = (c: Change) => { if (save.isPending) return; setChanging(c); save.mutate(c); };
  const busy = save.isPending || undefined;
  const kinds: { type: NotificationType; label: string; description: string }[] = [
    { type: 'comment_reply', label: trans('Replies to my comments'), description: trans('When someone replies to a comment you wrote.') },
    { type: 'new_episode', label: trans('New episodes'), description: trans('When a series on your watchlist, or one you are watching, has a new episode out.') },
    { type: 'now_streaming', label: trans('Now streaming'), description: trans('When a title on your watchlist can be watched here.') },
  ];
  const shown = settings.data && (changing ? { ...settings.data, ...changing, email: { ...settings.data.email, ...changing.email } } : settings.data);
  return (
    <Panel
      id="account-notifications"
      title={trans('Notifications')}
      description={emailOffered ? trans('Choose what the bell at the top of the site tells you about, and what comes by email too.') : trans('Choose what the bell at the top of the site tells you about.')}
    >
      {settings.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">{kinds.map((k) => <div key={k.type} className="skeleton h-10 rounded" />)}</div>
      ) : !shown ? (
        <p role="alert" className="text-sm text-danger">{errorMessage(settings.error, trans('There was an issue. Please try again.'))}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {kinds.map((k) => (
            <div key={k.type} className="flex flex-col gap-2">
              <Switch
                label={k.label}
                description={k.description}
                checked={shown[k.type]}
                aria-disabled={busy}
                onChange={(e) => change({ [k.type]: e.target.checked })}
              />
              {/* A mail goes with a notification: with the kind off in the bell there is none to send. */}
              {emailOffered && (
                <Checkbox
                  label={trans('Also by email')}
                  // Named after the kind as well: each kind has one, and the visible words start the name.
                  aria-label={trans('Also by email: :kind', { kind: k.label })}
                  checked={shown[k.type] && shown.email[k.type]}
                  disabled={!shown[k.type]}
                  aria-disabled={busy}
                  onChange={(e) => change({ email: { [k.type]: e.target.checked } })}
                />
              )}
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
