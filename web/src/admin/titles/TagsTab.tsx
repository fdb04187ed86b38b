import { X } from 'lucide-react';
import type { TitleTag, TitleTagType } from '@app/contracts';
import { errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Autocomplete } from '../../ui/Autocomplete';
import { EmptyState } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { searchTags, useTagAttach, useTagDetach } from './api';
import { useTitleContext } from './TitleLayout';

const KEYS = { genre: 'genres', keyword: 'keywords', production_country: 'production_countries', custom: 'tags' } as const;

function TagsTab({ type }: { type: TitleTagType }) {
  const { title } = useTitleContext();
  const attach = useTagAttach(title.id);
  const detach = useTagDetach(title.id);
  const tags: TitleTag[] = title[KEYS[type]] ?? [];
  const labels = {
    genre: { add: trans('Add genre'), empty: trans('No genres have been attached yet') },
    keyword: { add: trans('Add keyword'), empty: trans('No keywords have been attached yet') },
    production_country: { add: trans('Add country'), empty: trans('No countries have been attached yet') },
    custom: { add: trans('Add tag'), empty: trans('No tags have been attached yet') },
  }[type];
  const onError = (e: unknown) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
  const add = (name: string) => attach.mutate({ type, name }, { onSuccess: () => toast(trans('Tag attached')), onError });
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-md">
        <Autocomplete<TitleTag>
          label={labels.add}
          resource={`title-tags-${type}`}
          search={(q) => searchTags(type, q)}
          itemKey={(t) => t.id}
          itemLabel={(t) => t.display_name ?? t.name}
          onSelect={(t) => add(t.name)}
          onFreeText={add}
          clearOnSelect
          placeholder={trans('Type a name and press Enter')}
        />
      </div>
      {tags.length === 0 ? (
        <div className="rounded-md border border-border py-10"><EmptyState title={labels.empty} /></div>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={labels.add}>
          {tags.map((tag) => (
            <li key={tag.id} className="inline-flex items-center gap-1 rounded-full border border-border py-1 ps-3 pe-1 text-sm">
              {tag.display_name ?? tag.name}
              <button type="button" className="rounded-full p-1 hover:bg-hover" aria-label={trans('Detach :name', { name: tag.display_name ?? tag.name })}
                onClick={() => detach.mutate({ type, tag }, { onSuccess: () => toast(trans('Tag detached')), onError })}>
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const GenresTab = () => <TagsTab type="genre" />;
export const KeywordsTab = () => <TagsTab type="keyword" />;
export const CountriesTab = () => <TagsTab type="production_country" />;
/** The site's own labels ("Staff pick"): shown on the title page, they open the titles that share them. */
export const CustomTagsTab = () => <TagsTab type="custom" />;
