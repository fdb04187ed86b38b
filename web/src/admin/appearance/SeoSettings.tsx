import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SEO_PAGE_KEYS, type SeoPageKey, type SeoTagsEntry } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/fields';
import { toast } from '../../ui/Toast';

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

function PageTags({ pageKey, entry }: { pageKey: SeoPageKey; entry: SeoTagsEntry }) {
  const current = entry.custom ?? entry.original;
  const [tags, setTags] = useState(current);
  const [error, setError] = useState<string>();
  useEffect(() => setTags(current), [current]);
  const save = useMutation({
    mutationFn: (value: string) => api.put<{ message: string }>(`admin/appearance/seo-tags/${pageKey}`, { tags: value }),
    onSuccess: () => {
      toast(trans('Updated SEO tags'));
      setError(undefined);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => setError(errorMessage(e, trans('Could not update SEO tags'))),
  });
  return (
    <section className="flex flex-col gap-2 rounded-md border border-border p-3">
      <TextArea label={LABELS[pageKey]()} value={tags} onChange={(e) => setTags(e.target.value)} error={error} className="min-h-48 font-mono text-xs" spellCheck={false} />
      <div className="flex gap-2">
        <Button size="sm" variant="primary" disabled={tags === current || save.isPending} onClick={() => save.mutate(tags)}>{trans('Update')}</Button>
        <Button size="sm" variant="text" disabled={tags === entry.original || save.isPending} onClick={() => setTags(entry.original)}>{trans('Use original')}</Button>
      </div>
    </section>
  );
}

/** SEO templates per page; each saves on its own (not with the appearance form). */
export function Component() {
  const { data, isError, error } = useQuery({ queryKey, queryFn: () => api.get<Record<SeoPageKey, SeoTagsEntry>>(`admin/appearance/seo-tags/${SEO_PAGE_KEYS.join(',')}`) });
  if (isError) return <p role="alert" className="text-danger">{errorMessage(error, trans('Could not load SEO tags'))}</p>;
  if (!data) return <div className="skeleton h-40" />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-xs text-text-muted">{trans('Placeholders such as {{site_name}} and {{title.name}} are filled in when a page is served.')}</p>
      {SEO_PAGE_KEYS.map((k) => <PageTags key={k} pageKey={k} entry={data[k]} />)}
    </div>
  );
}
