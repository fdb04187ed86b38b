import { trans } from '../../lib/i18n';
import { SettingNumber, SettingText } from './settings-form';

/** The Redis server the cache and the queue share (the cache and queue pages both show it when Redis is chosen). */
export function RedisFields() {
  return (
    <>
      <SettingText name="server.redis_host" label={trans('Redis host')} placeholder="127.0.0.1" />
      <SettingNumber name="server.redis_port" label={trans('Redis port')} placeholder="6379" min={0} />
      <SettingText name="server.redis_password" label={trans('Redis password')} secret />
    </>
  );
}
