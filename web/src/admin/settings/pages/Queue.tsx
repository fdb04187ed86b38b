import { trans } from '../../../lib/i18n';
import { Section, SettingNumber, SettingSelect, SettingText, SettingsForm, useSettingValue } from '../settings-form';
import { RedisFields } from '../redis-fields';
import { BackgroundTasks } from '../BackgroundTasks';

function Fields() {
  const driver = useSettingValue<string>('server.queue_driver');
  return (
    <Section group="queue_group">
      <SettingSelect
        name="server.queue_driver"
        label={trans('Queue method')}
        options={[
          { value: 'sync', label: trans('In-process (sync)') }, { value: 'database', label: trans('Database') }, { value: 'redis', label: 'Redis' },
          { value: 'beanstalkd', label: 'Beanstalkd' }, { value: 'sqs', label: 'Amazon SQS' },
        ]}
      />
      {driver === 'redis' && <RedisFields />}
      {driver === 'beanstalkd' && (
        <>
          <SettingText name="server.beanstalkd_host" label={trans('Beanstalkd host')} placeholder="127.0.0.1" />
          <SettingNumber name="server.beanstalkd_port" label={trans('Beanstalkd port')} placeholder="11300" min={0} />
        </>
      )}
      {driver === 'sqs' && (
        <>
          <SettingText name="server.sqs_queue_key" label={trans('SQS key')} secret />
          <SettingText name="server.sqs_queue_secret" label={trans('SQS secret')} secret />
          <SettingText name="server.sqs_queue_prefix" label={trans('SQS queue prefix')} placeholder="https://sqs.us-east-1.amazonaws.com/123456789012" />
          <SettingText name="server.sqs_queue_name" label={trans('SQS queue name')} />
          <SettingText name="server.sqs_queue_region" label={trans('SQS region')} placeholder="us-east-1" />
        </>
      )}
    </Section>
  );
}

export function Component() {
  return (
    <div className="flex flex-col gap-8">
      <SettingsForm title={trans('Queue')} description={trans('How long work (exports, imports, sitemap, mail) runs in the background.')}><Fields /></SettingsForm>
      <BackgroundTasks />
    </div>
  );
}
