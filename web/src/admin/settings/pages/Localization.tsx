import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { trans } from '../../../lib/i18n';
import { dateFormatOptions, timezoneOptions } from '../options';
import { Section, SettingSelect, SettingSwitch, SettingsForm } from '../settings-form';

/** Localizations that exist (when the localizations module answers), English always. */
function useLanguageOptions() {
  const q = useQuery({
    queryKey: ['localizations', 'list', { perPage: 100 }],
    queryFn: () => api.get<{ pagination?: { data: { language: string; name: string }[] } }>('localizations', { perPage: 100 }),
    retry: false,
  });
  const rows = q.data?.pagination?.data ?? [];
  const seen = new Set(['en']);
  return [
    { value: 'auto', label: trans('Auto (visitor\'s browser language)') },
    { value: 'en', label: 'English' },
    ...rows.filter((r) => !seen.has(r.language) && seen.add(r.language)).map((r) => ({ value: r.language, label: r.name })),
  ];
}

function Fields() {
  return (
    <Section>
      <SettingSelect name="client.locale.default" label={trans('Default language')} options={useLanguageOptions()} />
      <SettingSelect name="client.dates.default_timezone" label={trans('Default timezone')} options={timezoneOptions()} />
      <SettingSelect name="client.dates.format" label={trans('Date verbosity')} options={dateFormatOptions()} />
      <SettingSwitch name="client.i18n.enable" label={trans('Enable translations')} description={trans('Visitors and users can choose the site language.')} />
    </Section>
  );
}

export function Component() {
  return <SettingsForm title={trans('Localization')} description={trans('Default language, timezone and date display.')}><Fields /></SettingsForm>;
}
