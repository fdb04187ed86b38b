import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api';
import { trans } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/fields';
import { toast } from '../../../ui/Toast';
import { Section, SettingSelect, SettingText, SettingsForm, useSettingValue } from '../settings-form';

/**
 * The spec's "mysql" and "tntsearch" both mean the database's own index here (SQLite FTS5 or PostgreSQL
 * pg_trgm), so one choice is offered under a name that says so; a site already on tntsearch keeps it listed.
 */
function methodOptions(current: string | undefined) {
  return [
    { value: 'mysql', label: trans('Built-in: the site database\'s full-text index') },
    ...(current === 'tntsearch' ? [{ value: 'tntsearch', label: trans('Built-in: the site database\'s full-text index (tntsearch)') }] : []),
    { value: 'meilisearch', label: 'Meilisearch' },
    { value: 'elasticsearch', label: 'Elasticsearch' },
    { value: 'algolia', label: 'Algolia' },
  ];
}

/** Reindexes searchable models (`GET admin/search/models`, `POST admin/search/import`), a queued job. */
function ModelImport() {
  const driver = useSettingValue<string>('server.scout_driver');
  const [model, setModel] = useState('*');
  const models = useQuery({ queryKey: ['search-models', 'list', {}], queryFn: () => api.get<{ models: { model: string; name: string }[] }>('admin/search/models'), retry: false });
  const run = useMutation({
    mutationFn: () => api.post('admin/search/import', { model, driver }),
    onSuccess: () => toast(trans('Imported search models')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <Section title={trans('Import search models')}>
      <p className="text-sm text-text-muted">{trans('Rebuilds the search index of the chosen models with the selected search method. Save the method first.')}</p>
      {models.isError ? (
        <p className="text-sm text-danger">
          {errorMessage(models.error, trans('Could not load searchable models.'))}
        </p>
      ) : (
        <div className="flex items-end gap-2">
          <Select
            wrapperClassName="flex-1"
            label={trans('Model')}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            options={[{ value: '*', label: trans('All models') }, ...(models.data?.models ?? []).map((m) => ({ value: m.model, label: m.name }))]}
          />
          <Button onClick={() => run.mutate()} disabled={run.isPending}>{trans('Import')}</Button>
        </div>
      )}
    </Section>
  );
}

export function Component() {
  return (
    <SettingsForm title={trans('Search')} description={trans('How the site search finds titles, people and other content.')}>
      <SearchFields />
      <ModelImport />
    </SettingsForm>
  );
}

function SearchFields() {
  const method = useSettingValue<string>('server.scout_driver');
  const provider = useSettingValue<string>('client.content.search_provider');
  return (
    <>
      <Section title={trans('Search method')} group="search_group">
        <SettingSelect name="server.scout_driver" label={trans('Search method')} options={methodOptions(method)} />
        {method === 'mysql' && (
          <SettingSelect
            name="server.scout_mysql_mode"
            label={trans('Database search mode')}
            description={trans('Accents are ignored in every mode. Basic: the query as one phrase in the name. Extended: each word anywhere in the name or original title, or every word in the description (names first). Fulltext: whole words in the name, original title or description, ranked by relevance.')}
            options={[{ value: 'basic', label: trans('Basic') }, { value: 'extended', label: trans('Extended') }, { value: 'fulltext', label: trans('Fulltext') }]}
          />
        )}
        {method === 'algolia' && (
          <>
            <SettingText name="server.algolia_app_id" label={trans('Algolia app ID')} />
            <SettingText name="server.algolia_secret" label={trans('Algolia secret')} secret />
          </>
        )}
        {method === 'meilisearch' && (
          <>
            <SettingText name="server.meilisearch_host" label={trans('Meilisearch host')} placeholder="http://127.0.0.1:7700" />
            <SettingText name="server.meilisearch_key" label={trans('Meilisearch key')} secret />
          </>
        )}
        {method === 'elasticsearch' && <SettingText name="server.elasticsearch_host" label={trans('Elasticsearch host')} placeholder="http://127.0.0.1:9200" />}
      </Section>
      <Section title={trans('Search provider')} group="tmdb_group">
        <SettingSelect
          name="client.content.search_provider"
          label={trans('Search provider')}
          description={trans('Search the local database, the movie database (TMDb), or both.')}
          options={[{ value: 'local', label: trans('Local') }, { value: 'tmdb', label: 'TMDb' }, { value: 'all', label: trans('All') }]}
        />
        {(provider === 'tmdb' || provider === 'all') && <SettingText name="server.tmdb_api_key" label={trans('TMDb API key')} secret />}
      </Section>
    </>
  );
}
