import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { ChannelConfig, ChannelInput, ChannelItem, ChannelWithContent } from '@app/contracts/channels';
import { api, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { showFormError } from '../../lib/zod-resolver';
import { Autocomplete } from '../../ui/Autocomplete';
import { Button, buttonClass } from '../../ui/Button';
import { Select, Switch, TextArea, TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { useRunAutoUpdate, useSaveChannel } from './api';
import { ContentEditor } from './ContentEditor';
import { ChannelPreview } from './ChannelPreview';
import {
  contentModelLabels, contentTypeLabels, layoutLabels, localMethodLabels, options, orderLabels, providerLabels, restrictionLabels, titleTypeLabels, tmdbMethodLabels,
} from './labels';

interface FormValues {
  name: string;
  slug: string;
  description: string;
  public: boolean;
  config: Omit<ChannelConfig, 'restriction'> & { restriction: string; autoUpdateMethod: string; restrictionModelId: number | null };
  /** Not an input: holds the server's message about the content editor's items. */
  items?: string;
}

const DEFAULT_CONFIG: FormValues['config'] = {
  contentType: 'listAll', contentModel: 'titles', titleType: 'all', contentOrder: 'popularity', autoUpdateMethod: '', autoUpdateProvider: 'local',
  restriction: '', restrictionModelId: null, layout: 'grid', nestedLayout: 'carousel', hideTitle: false, lockSlug: false, seoTitle: '', seoDescription: '',
};

function defaults(channel?: ChannelWithContent | null): FormValues {
  const c = channel?.config;
  return {
    name: channel?.name ?? '', slug: channel?.slug ?? '', description: channel?.description ?? '', public: channel?.public ?? true,
    config: { ...DEFAULT_CONFIG, ...c, restriction: c?.restriction ?? '', autoUpdateMethod: c?.autoUpdateMethod ?? '', restrictionModelId: c?.restrictionModelId ?? null, seoTitle: c?.seoTitle ?? '', seoDescription: c?.seoDescription ?? '' },
  };
}

interface Tag { id: number; name: string; display_name: string | null }
const searchTags = (type: string, query: string) => api.get<{ pagination: { data: Tag[] } }>(`title-tags/${type}`, { query, perPage: 10 }).then((r) => r.pagination.data);

/** New and edit form of a channel or a list: every config key, the content editor for manual ones and a preview. */
export function ChannelForm({ channel, type }: { channel?: ChannelWithContent | null; type: 'channel' | 'list' }) {
  const isList = type === 'list';
  const base = isList ? '/admin/lists' : '/admin/channels';
  useDocumentTitle(channel ? channel.name : isList ? trans('New list') : trans('New channel'));
  const navigate = useNavigate();
  const save = useSaveChannel(channel?.id);
  const runNow = useRunAutoUpdate(channel?.id ?? 0);
  const { register, handleSubmit, setError, control, setValue, reset, formState: { errors, isDirty } } = useForm<FormValues>({ defaultValues: defaults(channel) });
  const config = useWatch({ control, name: 'config' });
  const [items, setItemsState] = useState<ChannelItem[]>(channel?.config.contentType === 'manual' ? channel.content.data : []);
  const [itemsDirty, setItemsDirty] = useState(false);
  const setItems = (next: ChannelItem[]) => { setItemsState(next); setItemsDirty(true); };
  const unsaved = useUnsavedChanges(isDirty || itemsDirty);
  const [tagLabel, setTagLabel] = useState('');
  const manual = config.contentType === 'manual';
  const methods = config.autoUpdateProvider === 'tmdb' ? tmdbMethodLabels() : localMethodLabels();

  const submit = handleSubmit(async (values) => {
    const payload: ChannelInput = {
      ...values,
      type,
      config: {
        ...values.config,
        restriction: (values.config.restriction || null) as ChannelConfig['restriction'],
        restrictionModelId: values.config.restriction ? values.config.restrictionModelId : null,
        autoUpdateMethod: values.config.contentType === 'autoUpdate' ? values.config.autoUpdateMethod : null,
      },
      // Sent when changed here (or the channel becomes manual): another admin's curation saved meanwhile stays.
      items: manual && (itemsDirty || channel?.config.contentType !== 'manual') ? items.map((i) => ({ id: i.id, model_type: i.model_type })) : undefined,
    };
    try {
      const r = await save.mutateAsync(payload);
      toast(channel ? trans('Channel updated') : trans('Channel created'));
      // Saved: what the form holds is no longer a change to lose, including on the way to the saved channel's page.
      unsaved.release();
      reset(undefined, { keepValues: true });
      setItemsDirty(false);
      if (!channel) navigate(`${base}/${isList ? r.channel.id : r.channel.slug}/edit`, { replace: true });
      else if (r.channel.slug !== channel.slug && !isList) navigate(`${base}/${r.channel.slug}/edit`, { replace: true });
    } catch (e) {
      showFormError(e, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6 p-4 desk:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={base} className={buttonClass('text', 'icon')} aria-label={trans('Back')}><ArrowLeft size={18} aria-hidden className="rtl:-scale-x-100" /></Link>
        <h1 className="flex-1 text-2xl font-semibold">{channel ? channel.name : isList ? trans('New list') : trans('New channel')}</h1>
        <Button type="submit" variant="primary" disabled={save.isPending}>{channel ? trans('Save') : trans('Create')}</Button>
      </div>
      <div className="grid gap-6 desk:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
          <TextField label={trans('Slug')} description={trans('Letters, numbers, underscores and hyphens, 3 to 20 characters. Made from the name when empty.')}
            disabled={!!channel && channel.config.lockSlug} error={errors.slug?.message} {...register('slug')} />
          <TextArea label={trans('Description')} rows={3} error={errors.description?.message} {...register('description')} />
          {isList && <Switch label={trans('Public')} description={trans('Anyone with the link can see a public list.')} {...register('public')} />}
          <Select label={trans('Content')} options={options(contentTypeLabels())} error={errors.config?.contentType?.message} {...register('config.contentType')} />
          <Select label={trans('Content model')} options={options(contentModelLabels())} {...register('config.contentModel')} />
          {config.contentModel === 'titles' && <Select label={trans('Show')} options={options(titleTypeLabels())} {...register('config.titleType')} />}
          {config.contentType !== 'autoUpdate' && <Select label={trans('Content order')} options={options(orderLabels())} {...register('config.contentOrder')} />}
          {config.contentType === 'autoUpdate' && (
            <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
              <legend className="px-1 text-sm font-medium">{trans('Auto update')}</legend>
              <Select label={trans('Provider')} options={options(providerLabels())} error={errors.config?.autoUpdateProvider?.message}
                {...register('config.autoUpdateProvider', { onChange: () => setValue('config.autoUpdateMethod', '') })} />
              <Select label={trans('Auto update method')} required options={[{ value: '', label: trans('Choose a method') }, ...options(methods)]}
                error={errors.config?.autoUpdateMethod?.message} {...register('config.autoUpdateMethod')} />
              <p className="text-xs text-text-muted">{trans('The content is refreshed every 24 hours.')}</p>
              {channel?.config.contentType === 'autoUpdate' && (
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span className="text-text-muted">{channel.auto_updated_at ? trans('Last updated :date', { date: formatDate(channel.auto_updated_at) }) : trans('Not updated yet')}</span>
                  <Button type="button" size="sm" variant="outline" disabled={runNow.isPending}
                    onClick={() => runNow.mutate(undefined, { onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))) })}>
                    <RefreshCw size={14} aria-hidden />{trans('Update now')}
                  </Button>
                </div>
              )}
              {channel?.auto_update_error && <p role="alert" className="text-sm text-danger">{trans('The last auto update failed: :error', { error: channel.auto_update_error })}</p>}
            </fieldset>
          )}
          {config.contentModel === 'titles' && config.contentType !== 'manual' && (
            <div className="grid gap-4 tab:grid-cols-2">
              <Select label={trans('Restrict to')} options={options(restrictionLabels())} {...register('config.restriction', { onChange: () => { setValue('config.restrictionModelId', null); setTagLabel(''); } })} />
              {config.restriction && (
                <Autocomplete<Tag>
                  label={trans('Restriction')}
                  resource={`title-tags-${config.restriction}`}
                  search={(q) => searchTags(config.restriction, q)}
                  itemKey={(t) => t.id}
                  itemLabel={(t) => t.display_name || t.name}
                  value={tagLabel || (config.restrictionModelId ? `#${config.restrictionModelId}` : '')}
                  onSelect={(t) => { setValue('config.restrictionModelId', t.id); setTagLabel(t.display_name || t.name); }}
                  error={errors.config?.restrictionModelId?.message}
                />
              )}
            </div>
          )}
          <div className="grid gap-4 tab:grid-cols-2">
            <Select label={trans('Layout')} options={options(layoutLabels())} {...register('config.layout')} />
            <Select label={trans('Layout when nested')} options={options(layoutLabels())} {...register('config.nestedLayout')} />
          </div>
          <Switch label={trans('Hide title')} description={trans('Do not show the channel name above its content.')} {...register('config.hideTitle')} />
          {!isList && <Switch label={trans('Lock slug')} description={trans('The slug can no longer be changed (links to this channel keep working).')} {...register('config.lockSlug')} />}
          <TextField label={trans('SEO title')} {...register('config.seoTitle')} />
          <TextArea label={trans('SEO description')} rows={2} {...register('config.seoDescription')} />
        </div>
        <div className="flex flex-col gap-4">
          {manual && <ContentEditor model={config.contentModel} items={items} onChange={setItems} channelId={channel?.id} />}
          {errors.items?.message && <p role="alert" className="text-sm text-danger">{errors.items.message}</p>}
          <ChannelPreview items={manual ? items : channel?.content.data ?? []} layout={config.layout}
            note={!manual && !channel ? trans('The preview shows the content once the channel is saved.') : undefined} />
        </div>
      </div>
      {unsaved.dialog}
    </form>
  );
}
