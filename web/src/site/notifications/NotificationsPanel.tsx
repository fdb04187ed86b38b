import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationType } from '@app/contracts/notifications';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Switch } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { Panel } from '../account/Panel';

const SETTINGS = ['notifications', 'settings'] as const;

/** Account settings: which kinds of notification reach the bell. Each switch saves as it is flipped. */
export function NotificationsPanel() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS, queryFn: () => api.get<{ settings: NotificationSettings }>('notifications/settings').then((r) => r.settings) });
  const save = useMutation({
    mutationFn: (change: Partial<NotificationSettings>) => api.put<{ settings: NotificationSettings }>('notifications/settings', change),
    onSuccess: (r) => {
      qc.setQueryData(SETTINGS, r.settings);
      toast(trans('Notification settings saved'));
    },
    onError: (err) => toast(errorMessage(err, trans('There was an issue. Please try again.'))),
  });
  const kinds: { type: NotificationType; label: string; description: string }[] = [
    { type: 'comment_reply', label: trans('Replies to my comments'), description: trans('When someone replies to a comment you wrote.') },
    { type: 'new_episode', label: trans('New episodes'), description: trans('When a series on your watchlist, or one you are watching, has a new episode out.') },
  ];
  return (
    <Panel id="account-notifications" title={trans('Notifications')} description={trans('Choose what the bell at the top of the site tells you about.')}>
      {settings.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">{kinds.map((k) => <div key={k.type} className="skeleton h-10 rounded" />)}</div>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-danger">{errorMessage(settings.error, trans('There was an issue. Please try again.'))}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {kinds.map((k) => (
            <Switch
              key={k.type}
              label={k.label}
              description={k.description}
              checked={settings.data[k.type]}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ [k.type]: e.target.checked })}
            />
          ))}
        </div>
      )}
    </Panel>
  );
}
