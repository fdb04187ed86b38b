import { Controller, useFormContext } from 'react-hook-form';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { trans } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Section, SettingSelect, SettingSwitch, SettingText, SettingTextArea, SettingsForm, useSettingKey, useSettingValue } from '../settings-form';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi', 'tr', 'pl', 'nl', 'sv', 'da', 'fi', 'no', 'cs', 'el', 'he', 'hu', 'id', 'th', 'uk', 'vi', 'ro'];

export function languageOptions() {
  const names = new Intl.DisplayNames(undefined, { type: 'language' });
  return LANGUAGES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}

const SECTION_LABELS: Record<string, () => string> = {
  episodes: () => trans('Episodes'), seasons: () => trans('Seasons'), videos: () => trans('Videos'), images: () => trans('Images'),
  reviews: () => trans('Reviews'), cast: () => trans('Cast'), related: () => trans('Related titles'),
};

interface TitleSection { name: string; enabled: boolean }

/** Title page sections: tick to show, arrows to reorder. */
function TitleSections() {
  const { control } = useFormContext();
  useSettingKey('client.title_page.sections');
  return (
    <Controller
      control={control}
      name="client.title_page.sections"
      render={({ field }) => {
        const list = (field.value ?? []) as TitleSection[];
        const move = (i: number, d: number) => {
          const next = [...list];
          [next[i], next[i + d]] = [next[i + d], next[i]];
          field.onChange(next);
        };
        return (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm font-medium">{trans('Title page sections')}</legend>
            {list.map((s, i) => (
              <div key={s.name} className="flex items-center gap-2 rounded-md border border-border px-3 py-1.5">
                <label className="flex flex-1 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-[var(--color-primary)]"
                    checked={s.enabled}
                    onChange={(e) => field.onChange(list.map((x, j) => (j === i ? { ...x, enabled: e.target.checked } : x)))}
                  />
                  {SECTION_LABELS[s.name]?.() ?? s.name}
                </label>
                <Button size="icon" variant="text" aria-label={trans('Move :name up', { name: s.name })} disabled={i === 0} onClick={() => move(i, -1)}><ArrowUp size={16} aria-hidden /></Button>
                <Button size="icon" variant="text" aria-label={trans('Move :name down', { name: s.name })} disabled={i === list.length - 1} onClick={() => move(i, 1)}><ArrowDown size={16} aria-hidden /></Button>
              </div>
            ))}
          </fieldset>
        );
      }}
    />
  );
}

function TmdbFields() {
  const people = useSettingValue<string>('client.content.people_provider');
  const titles = useSettingValue<string>('client.content.title_provider');
  const search = useSettingValue<string>('client.content.search_provider');
  const usesTmdb = people === 'tmdb' || titles === 'tmdb' || search === 'tmdb' || search === 'all';
  const providers = [{ value: 'local', label: trans('Local') }, { value: 'tmdb', label: 'TMDb' }];
  return (
    <Section title={trans('The movie database (TMDb)')} group="tmdb_group">
      <SettingSelect name="client.content.title_provider" label={trans('Title provider')} options={providers}
        description={trans('With TMDb, an imported title opened by a visitor is fetched again from TMDb once its data is a week old (local edits of it are replaced).')} />
      <SettingSelect name="client.content.people_provider" label={trans('People provider')} options={providers}
        description={trans('With TMDb, an imported person opened by a visitor is fetched again from TMDb once their data is a week old.')} />
      {usesTmdb && <SettingText name="server.tmdb_api_key" label={trans('TMDb API key')} secret />}
      <SettingSelect name="client.tmdb.language" label={trans('TMDb language')} options={languageOptions()} />
      <SettingSwitch name="client.tmdb.includeAdult" label={trans('Include adult content')} description={trans('Import and show titles TMDb marks as adult.')} />
    </Section>
  );
}

export function Component() {
  return (
    <SettingsForm title={trans('Content')} description={trans('Title pages, the movie database service, comments and ratings.')}>
      <Section><TitleSections /></Section>
      <TmdbFields />
      <Section>
        <SettingSwitch name="client.comments.per_video" label={trans('Comments per video')} description={trans('Each video gets its own comments instead of sharing the title\'s.')} />
        <SettingSelect
          name="server.rating_column"
          label={trans('Rating column')}
          description={trans('The rating titles and episodes show, and are sorted and filtered by: the movie database service\'s vote average, or the average of your members\' ratings.')}
          options={[{ value: 'tmdb_vote_average', label: trans('TMDb rating') }, { value: 'local_vote_average', label: trans('Local rating') }]}
        />
      </Section>
      <Section title={trans('News')}>
        <SettingTextArea name="server.news.feed_urls" label={trans('News feeds')} rows={4} placeholder="https://example.com/feed.xml" description={trans('RSS or Atom feed URLs, one per line. Their new articles are imported daily and from the news page.')} />
      </Section>
    </SettingsForm>
  );
}
