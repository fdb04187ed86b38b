import { trans } from '../../../lib/i18n';
import { Section, SettingNumber, SettingText, SettingsForm } from '../settings-form';

export function Component() {
  return (
    <SettingsForm title={trans('Error logging')} description={trans('Errors are always written to the server log; with a DSN they are also sent to Sentry.')}>
      <Section group="logging_group">
        <SettingText name="server.sentry_dsn" label={trans('Sentry DSN')} secret placeholder="https://public@o0.ingest.sentry.io/0" />
      </Section>
      <Section title={trans('Audit log')}>
        <SettingNumber name="server.audit_retention_days" label={trans('Keep the audit log for (days)')} min={1} description={trans('Older entries are removed automatically.')} />
      </Section>
    </SettingsForm>
  );
}
