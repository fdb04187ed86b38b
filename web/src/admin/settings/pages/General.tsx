import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { api, errorMessage } from '../../../lib/api';
import { trans } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/Toast';
import { Link } from 'react-router';
import { Section, SettingSwitch, SettingText, SettingsForm, useSettingValue } from '../settings-form';

function BaseUrlWarning() {
  const url = useSettingValue<string>('server.app_url');
  const origin = window.location.origin;
  if (!url || url.replace(/\/+$/, '') === origin) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
      <TriangleAlert size={18} aria-hidden className="shrink-0 text-amber-600" />
      {trans('The site URL (:url) is different from the current URL (:current). Links in emails and the sitemap use the site URL.', { url, current: origin })}
    </p>
  );
}

function Sitemap() {
  const generate = useMutation({
    mutationFn: () => api.post<{ message: string }>('sitemap/generate'),
    onSuccess: () => toast(trans('Sitemap generated')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <Section title={trans('Sitemap')}>
      <p className="text-sm text-text-muted">
        {trans('The sitemap lists every public page for search engines. It is written in the background to storage/sitemaps/sitemap-index.xml and served at /sitemap.xml.')}
      </p>
      <div><Button onClick={() => generate.mutate()} disabled={generate.isPending}>{trans('Generate sitemap')}</Button></div>
    </Section>
  );
}

export function Component() {
  return (
    <SettingsForm title={trans('General')} description={trans('Site URL, the sitemap and what the server may contact.')}>
      <Section>
        <SettingText name="server.app_url" label={trans('Site URL')} type="url" placeholder="https://example.com" />
        <BaseUrlWarning />
        <p className="text-sm text-text-muted">
          {trans('The default timezone and date format are set on the')}{' '}
          <Link className="text-primary underline" to="/admin/settings/localization">{trans('Localization settings page')}</Link>.
        </p>
      </Section>
      <Sitemap />
      <Section title={trans('Server')}>
        <SettingSwitch
          name="server.allow_private_networks"
          label={trans('Allow private networks')}
          description={trans('Lets the server contact addresses on this machine or its local network, such as a Redis, Memcached, mail or search server installed next to the site. While it is off, such addresses typed in the settings are refused, so they cannot be used to reach internal services.')}
        />
        <SettingSwitch
          name="server.api_docs.enable"
          label={trans('API reference')}
          description={trans('Admins and users who may use the API can read the interactive API reference at /api-docs. Account settings link to it beside API tokens.')}
        />
      </Section>
    </SettingsForm>
  );
}
