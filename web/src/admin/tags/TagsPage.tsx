import { useMemo, useState } from 'react';
import { Pencil, Plus, Tags as TagsIcon } from 'lucide-react';
import { TAG_TYPE_NAMES, type Tag } from '@app/contracts/tags';
import { useAuth, userCan } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { PageTitle } from '../PageTitle';
import { TagFormModal } from './TagFormModal';

export function tagTypeLabel(type: string): string {
  switch (type) {
    case 'custom': return trans('Custom');
    case 'genre': return trans('Genre');
    case 'keyword': return trans('Keyword');
    case 'production_country': return trans('Production country');
    default: return type;
  }
}

export function Component() {
  const [editing, setEditing] = useState<Tag | null>(null);
  const [creating, setCreating] = useState(false);
  // The catalogue's own tags (genres, keywords, countries) are edited and deleted with the title tags permissions.
  const { user } = useAuth();
  const editsCatalogueTags = userCan(user, 'title_tags.update');
  const deletesCatalogueTags = userCan(user, 'title_tags.delete');
  const deletesTags = userCan(user, 'tags.delete') || userCan(user, 'tags.update');

  const columns = useMemo<DataTableColumn<Tag>[]>(() => [
    { id: 'name', header: () => trans('Name'), sortKey: 'name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    { id: 'display_name', header: () => trans('Display name'), sortKey: 'display_name', cell: ({ row }) => row.original.display_name },
    { id: 'type', header: () => trans('Type'), sortKey: 'type', cell: ({ row }) => tagTypeLabel(row.original.type) },
    { id: 'updated_at', header: () => trans('Last updated'), sortKey: 'updated_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at)}</span> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'w-16 text-end',
      cell: ({ row: { original: tag } }) => (tag.type === 'custom' || editsCatalogueTags) && (
        <Button variant="text" size="icon" aria-label={trans('Edit tag :name', { name: tag.name })} onClick={() => setEditing(tag)}>
          <Pencil size={16} aria-hidden />
        </Button>
      ),
    },
  ], [editsCatalogueTags]);

  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'type', label: trans('Type'), type: 'select', options: TAG_TYPE_NAMES.map((t) => ({ label: tagTypeLabel(t), value: t })) },
    { key: 'updated_at', label: trans('Updated date'), type: 'dateRange' },
  ], []);

  return (
    <div className="flex flex-col gap-6 p-4 desk:p-8">
      <PageTitle>{trans('Tags')}</PageTitle>
      <DataTable<Tag>
        endpoint="tags"
        columns={columns}
        filters={filters}
        canDelete={deletesTags}
        canSelectRow={(tag) => tag.type === 'custom' || deletesCatalogueTags}
        searchLabel={trans('Search tags')}
        emptyState={{ title: trans('No tags have been created yet'), icon: <TagsIcon size={40} /> }}
        noResultsState={{ title: trans('No matching tags'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden />
            {trans('Add new tag')}
          </Button>
        )}
      />
      <TagFormModal open={creating} onOpenChange={setCreating} />
      <TagFormModal open={!!editing} tag={editing} onOpenChange={(o) => !o && setEditing(null)} />
    </div>
  );
}
