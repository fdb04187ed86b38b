import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SEO_PAGE_KEYS, type SeoPageKey, type SeoTagsEntry } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { useEditor } from './AppearanceLayout';
import { InlineLoadError } from '../../site/ErrorPages';

const LABELS: Record<SeoPageKey, () => string> = {
  landing: () => trans('Landing page'),
  title: () => trans('Title page'),
  season: () => trans('Season page'),
  episode: () => trans('Episode page'),
  watch: () => trans('Watch page'),
  person: () => trans('Person page'),
  'news-article': () => trans('News article page'),
};
const queryKey = ['seo-tags', 'detail', SEO_PAGE_KEYS.join(',')];

function PageTags({ pageKey, entry, value, error, onChange }: {
  pageKey: SeoPageKey; entry: SeoTagsEntry; value: string; error?: string; onChange: (value: string) => void;
}) {
  return (
    <section className="flex flex-col gap-2 rounded-md border border-border p-3">
      <TextArea label={LABELS[pageKey]()} value={value} onChange={(e) => onChange(e.target.value)} error={error} className="min-h-48 font-mono text-xs" spellCheck={false} dir="ltr" />
      <div className="flex gap-2">
        <Button size="sm" variant="text" disabled={value === entry.original} onClick={() => onChange(entry.original)}>{trans('Use original')}</Button>
      </div>
    </section>
  );
}

/**
 * SEO templates per page. They are stored by their own call, but saved like everything else in the editor: edits wait
 * for the editor's Save button (which then saves each changed page) and leaving with unsaved edits asks first.
 */
export function Component() {
  const { data, isError, error, refetch } = useQuery({ queryKey, queryFn: () => api.get<Record<SeoPageKey, SeoTagsEntry>>(`admin/appearance/seo-tags/${SEO_PAGE_KEYS.join(',')}`) });
  const { setSectionSave } = useEditor();
  const [edits, setEdits] = useState<Map<SeoPageKey, string>>(new Map());
  const [errors, setErrors] = useState<Map<SeoPageKey, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const saved = (k: SeoPageKey) => (data ? data[k].custom ?? data[k].original : '');
  const changed = [...edits].filter(([k, v]) => v !== saved(k));

  const save = async () => {
    setSaving(true);
    const failed = new Map<SeoPageKey, string>();
    for (const [k, tags] of changed) {
      try {
        await api.put<{ message: string }>(`admin/appearance/seo-tags/${k}`, { tags });
      } catch (e) {
        failed.set(k, errorMessage(e, trans('Could not update SEO tags')));
      }
    }
    await queryClient.invalidateQueries({ queryKey });
    // Saved pages drop their edit (the fresh data shows it); failed ones keep it with the reason.
    setEdits((prev) => new Map([...prev].filter(([k]) => failed.has(k))));
    setErrors(failed);
    setSaving(false);
    if (failed.size) toast.danger(trans('Could not update SEO tags'));
    else toast(trans('Updated SEO tags'));
  };
  const dirty = changed.length > 0;
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    setSectionSave({ dirty, saving, save: () => saveRef.current() });
  }, [dirty, saving, setSectionSave]);
  useEffect(() => () => setSectionSave(null), [setSectionSave]);

  if (isError) return <InlineLoadError error={error} message={trans('Could not load SEO tags')} retry={refetch} />;
  if (!data) return <div className="skeleton h-40" />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-xs text-text-muted">{trans('Placeholders such as {{site_name}} and {{title.name}} are filled in when a page is served.')}</p>
      {SEO_PAGE_KEYS.map((k) => (
        <PageTags key={k} pageKey={k} entry={data[k]} value={edits.get(k) ?? saved(k)} error={errors.get(k)}
          onChange={(v) => setEdits((prev) => new Map(prev).set(k, v))} />
      ))}
    </div>
  );
}
