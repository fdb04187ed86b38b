import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api';
import { trans } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/Toast';
import { Section, SettingNumber, SettingSelect, SettingText, SettingsForm, useSettingValue } from '../settings-form';
import { RedisFields } from '../redis-fields';

function Fields() {
  const driver = useSettingValue<string>('server.cache_driver');
  const flush = useMutation({
    mutationFn: () => api.post('cache/flush'),
    onSuccess: () => toast(trans('Cache cleared')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <Section group="cache_group">
      <SettingSelect
        name="server.cache_driver"
        label={trans('Cache method')}
        description={driver === 'apc' ? trans('APC is not available to Node; it uses the in-memory cache of each server process.') : undefined}
        options={[
          { value: 'file', label: trans('File') }, { value: 'array', label: trans('Memory (array)') }, { value: 'apc', label: trans('APC (memory)') },
          { value: 'memcached', label: 'Memcached' }, { value: 'redis', label: 'Redis' },
        ]}
      />
      {driver === 'memcached' && (
        <>
          <SettingText name="server.memcached_host" label={trans('Memcached host')} />
          <SettingNumber name="server.memcached_port" label={trans('Memcached port')} placeholder="11211" min={0} />
        </>
      )}
      {driver === 'redis' && <RedisFields />}
      <div><Button onClick={() => flush.mutate()} disabled={flush.isPending}>{trans('Clear cache')}</Button></div>
    </Section>
  );
}

export function Component() {
  return <SettingsForm title={trans('Cache')} description={trans('Where cached data is kept.')}><Fields /></SettingsForm>;
}
