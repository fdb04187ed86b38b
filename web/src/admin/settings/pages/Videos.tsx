import { trans } from '../../../lib/i18n';
import { Section, SettingSelect, SettingSwitch, SettingsForm, useSettingValue } from '../settings-form';
import { TranscodeSettings } from '../../videos/TranscodeSettings';

function Fields() {
  const mode = useSettingValue<string>('client.titles.video_panel_mode');
  return (
    <Section>
      <SettingSelect
        name="client.streaming.default_sort"
        label={trans('Video sorting')}
        options={[
          { value: 'order:asc', label: trans('Custom order') },
          { value: 'created_at:desc', label: trans('Newest first') },
          { value: 'name:asc', label: trans('Name') },
          { value: 'Language:asc', label: trans('Language') },
          { value: 'reports:asc', label: trans('Fewest reports') },
          { value: 'score:desc', label: trans('Best score') },
        ]}
      />
      <SettingSelect
        name="client.titles.video_panel_mode"
        label={trans('Video panel mode')}
        options={[{ value: 'carousel', label: trans('Carousel') }, { value: 'grid', label: trans('Grid') }, { value: 'hide', label: trans('Hide') }]}
      />
      {mode !== 'hide' && (
        <SettingSelect
          name="client.titles.video_panel_content"
          label={trans('Shown videos')}
          description={trans('Which videos the title page video panel lists.')}
          options={[
            { value: 'all', label: trans('All videos') },
            { value: 'full', label: trans('Full movies and episodes') },
            { value: 'short', label: trans('Short videos') },
            { value: 'trailer', label: trans('Trailers') },
            { value: 'clip', label: trans('Clips') },
          ]}
        />
      )}
      <SettingSwitch
        name="client.streaming.free_short_videos"
        label={trans('Anyone can watch trailers and clips')}
        description={trans('Trailers, teasers, clips and featurettes play for every visitor, also where watching videos needs a plan or a role. Full movies and episodes still need the permission to watch videos.')}
      />
    </Section>
  );
}

function AllFields() {
  return <><Fields /><TranscodeSettings /></>;
}

export function Component() {
  return <SettingsForm title={trans('Videos')} description={trans('How videos are sorted and shown on title pages, and who can watch trailers.')}><AllFields /></SettingsForm>;
}
