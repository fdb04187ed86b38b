import { trans } from '../../lib/i18n';
import { SectionTitle } from './AppearanceLayout';
import { ImageField, Text } from './fields';

export function Component() {
  return (
    <div className="flex flex-col gap-5">
      <Text name="client.branding.site_name" label={trans('Site name')} />
      <Text name="client.branding.site_description" label={trans('Site description')} multiline />
      <SectionTitle>{trans('Branding')}</SectionTitle>
      <ImageField name="client.branding.favicon" kind="favicon" label={trans('Favicon')} description={trans('Favicon image should be at least 512x512.')} />
      <ImageField name="client.branding.logo_light" kind="logo_light" label={trans('Light logo')} description={trans('Shown on light themes.')} />
      <ImageField name="client.branding.logo_dark" kind="logo_dark" label={trans('Dark logo')} description={trans('Shown on dark themes.')} />
      <ImageField name="client.branding.logo_light_mobile" kind="logo_light_mobile" label={trans('Light mobile logo')} />
      <ImageField name="client.branding.logo_dark_mobile" kind="logo_dark_mobile" label={trans('Dark mobile logo')} />
    </div>
  );
}
