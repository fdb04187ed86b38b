import { Controller, useFormContext } from 'react-hook-form';
import { TRANSCODE_RENDITIONS } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { Checkbox } from '../../ui/fields';
import { Section, SettingNumber, SettingSwitch, useFieldError } from '../settings/settings-form';

const RENDITIONS_KEY = 'server.transcode_renditions';

/** Which rungs of the ladder uploads are transcoded into (a rung taller than the source is always skipped). */
function Renditions() {
  const { control } = useFormContext();
  const error = useFieldError(RENDITIONS_KEY);
  return (
    <Controller
      control={control}
      name={RENDITIONS_KEY}
      render={({ field }) => {
        const value: string[] = Array.isArray(field.value) ? field.value : [];
        return (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{trans('Renditions to produce')}</legend>
            <div className="flex flex-wrap gap-4">
              {TRANSCODE_RENDITIONS.map((r) => (
                <Checkbox
                  key={r}
                  label={r}
                  checked={value.includes(r)}
                  onChange={(e) => field.onChange(TRANSCODE_RENDITIONS.filter((x) => (x === r ? e.target.checked : value.includes(x))))}
                />
              ))}
            </div>
            <p className="text-xs text-text-muted">{trans('A source is never upscaled: renditions taller than the uploaded video are skipped.')}</p>
            {error && <p role="alert" className="text-xs text-danger">{error}</p>}
          </fieldset>
        );
      }}
    />
  );
}

/** The videos settings page's transcoding section (issue 15). */
export function TranscodeSettings() {
  return (
    <Section title={trans('Transcoding')}>
      <Renditions />
      <SettingSwitch name="server.transcode_keep_original" label={trans('Keep original file')} description={trans('Keep the uploaded file after it has been transcoded.')} />
      <SettingNumber name="server.transcode_concurrency" label={trans('Concurrent transcoding jobs')} min={1} />
      <SettingNumber name="server.transcode_max_minutes" label={trans('Maximum duration (minutes)')} min={1} description={trans('Longer uploads are refused before any work starts.')} />
      <SettingNumber name="server.transcode_max_height" label={trans('Maximum resolution (frame height in pixels)')} min={240} description={trans('2160 is 4K; taller uploads are refused before any work starts.')} />
    </Section>
  );
}
