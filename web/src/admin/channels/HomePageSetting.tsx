import { useMutation, useQuery } from '@tanstack/react-query';
import type { Channel } from '@app/contracts/channels';
import { api, errorMessage } from '../../lib/api';
import { invalidateBootstrap, useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Select } from '../../ui/fields';
import { toast } from '../../ui/Toast';

/**
 * What `/` shows: the marketing landing page or one of the channels (settings `client.homepage.type` and
 * `client.homepage.channel`, saved through the settings call like every other setting).
 */
export function HomePageSetting() {
  const type = useSetting<string>('client.homepage.type', 'channel');
  const slug = useSetting<string>('client.homepage.channel', 'home');
  const channels = useQuery({
    queryKey: ['channel', 'home-choices'],
    queryFn: () => api.get<{ pagination: { data: Channel[] } }>('channel', { perPage: 100, orderBy: 'name', orderDir: 'asc' }).then((r) => r.pagination.data),
  });
  const save = useMutation({
    mutationFn: (value: string) => {
      const client = value === '' ? { 'client.homepage.type': 'landing' } : { 'client.homepage.type': 'channel', 'client.homepage.channel': value };
      return api.post('settings', { client: JSON.stringify(client), server: '{}' });
    },
    onSuccess: async () => { await invalidateBootstrap(); toast(trans('Settings updated')); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const choices = [{ value: '', label: trans('Landing page') }, ...(channels.data ?? []).map((c) => ({ value: c.slug, label: c.name }))];
  return (
    <Select label={trans('Site home page')} className="max-w-xs" value={type === 'channel' ? slug : ''} disabled={save.isPending}
      options={choices} onChange={(e) => save.mutate(e.target.value)} />
  );
}
