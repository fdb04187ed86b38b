import { trans } from '../../../lib/i18n';
import { Section, SettingText, SettingsForm } from '../settings-form';

export function Component() {
  return (
    <SettingsForm title={trans('Error logging')} description={trans('Errors are always written to the server log; with a DSN they are also sent to Sentry.')}>
      <Section group="logging_group">
        <SettingText name="server.sentry_dsn" label={trans('Sentry DSN')} secret placeholder="https://public@o0.ingest.sentry.io/0" />
      </Section>
    </SettingsForm>
  );
}
