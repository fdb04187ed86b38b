import { trans } from '../../../lib/i18n';
import { FileField } from '../../../ui/fields';
import { Section, SettingNumber, SettingText, SettingsForm, useSettingsCtx } from '../settings-form';
import { useFormContext } from 'react-hook-form';

function Certificate() {
  const { setFile, files, loaded } = useSettingsCtx();
  const { formState: { errors }, clearErrors } = useFormContext();
  const serverError = (errors as any).files?.certificate?.message as string | undefined;
  const chosen = files.certificate?.name;
  return (
    <FileField
      label={trans('Service account certificate')}
      accept=".json,application/json"
      refusedMessage={trans('The certificate must be a .json file.')}
      description={chosen ? trans('Selected: :name (saved on Update)', { name: chosen }) : loaded['server.analytics_certificate'] ? trans('A certificate is uploaded. Choose a file to replace it.') : trans('The .json key file of a Google service account with access to the property.')}
      error={serverError}
      onFile={(file) => {
        clearErrors('files.certificate');
        setFile('certificate', file);
      }}
    />
  );
}

export function Component() {
  return (
    <SettingsForm title={trans('Analytics')} description={trans("Google Analytics tracking, and how long the site's own visit records are kept. The reports of this admin area are built from the site's own visits and plays: they need no Google account. With a property ID and a certificate, the visitors report reads Google Analytics instead.")}>
      <Section group="analytics_group">
        <Certificate />
        <SettingText name="server.analytics_property_id" label={trans('Analytics property ID')} placeholder="123456789" description={trans('The number of the Google Analytics 4 property (Admin > Property details). The service account needs the Viewer role on it.')} />
        <SettingText name="client.analytics.tracking_code" label={trans('Tracking code')} placeholder="G-******" />
        <SettingText name="client.analytics.gchart_api_key" label={trans('Google charts API key')} description={trans('Not needed: the map of the reports is drawn from map data this site serves itself.')} />
        <SettingNumber name="server.analytics_retention_days" label={trans('Keep raw page views for (days)')} min={1} description={trans('Reports keep their hourly totals; only the raw visits are removed.')} />
      </Section>
    </SettingsForm>
  );
}
