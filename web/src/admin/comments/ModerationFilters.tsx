import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import type { FilterItem, PaginationResponse } from '@app/contracts/list';
import type { TitleAutocompleteItem } from '@app/contracts/titles';
import type { User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Autocomplete } from '../../ui/Autocomplete';
import type { FilterDefinition } from '../../ui/DataTable';
import { searchTitles } from '../titles/api';

const searchUsers = (query: string) => api.get<PaginationResponse<User>>('users', { query, perPage: 10 }).then((r) => r.pagination.data);

/** A picked value shown with a clear button; the label is remembered for this visit (the URL keeps only the id). */
function Picked({ label, onClear, clearLabel }: { label: string; onClear: () => void; clearLabel: string }) {
  return (
    <div className="flex h-9 items-center gap-2 rounded-md border border-border bg-bg-elevated px-2 text-sm">
      <span>{label}</span>
      <button type="button" className="rounded px-1 text-text-muted hover:bg-hover" onClick={onClear} aria-label={clearLabel}>×</button>
    </div>
  );
}

function UserFilter({ value, onChange }: { value?: FilterItem; onChange: (item: FilterItem | null) => void }) {
  const [label, setLabel] = useState('');
  if (value) return <Picked label={label || `#${String(value.value)}`} onClear={() => onChange(null)} clearLabel={trans('Clear user filter')} />;
  return (
    <Autocomplete<User>
      label={trans('User')}
      resource="users"
      search={searchUsers}
      itemKey={(u) => u.id}
      itemLabel={(u) => u.email}
      onSelect={(u) => { setLabel(u.email); onChange({ key: 'user_id', value: u.id, operator: '=' }); }}
    />
  );
}

function TitleFilter({ value, onChange }: { value?: FilterItem; onChange: (item: FilterItem | null) => void }) {
  const [label, setLabel] = useState('');
  if (value) return <Picked label={label || `#${String(value.value)}`} onClear={() => onChange(null)} clearLabel={trans('Clear title filter')} />;
  return (
    <Autocomplete<TitleAutocompleteItem>
      label={trans('Title')}
      resource="titles"
      search={searchTitles}
      itemKey={(t) => t.id}
      itemLabel={(t) => t.name}
      onSelect={(t) => { setLabel(t.name); onChange({ key: 'title_id', value: t.id, operator: '=' }); }}
    />
  );
}

/** Filters both moderation lists share: reported, user, title (unless the list is one title's) and date range. */
export function moderationFilters(opts: { withTitle: boolean }): FilterDefinition[] {
  return [
    { key: 'reported', label: trans('Reports'), type: 'boolean', trueLabel: trans('Reported'), falseLabel: trans('Not reported') },
    { key: 'user_id', label: trans('User'), type: 'custom', render: (value, onChange) => <UserFilter value={value} onChange={onChange} /> },
    ...(opts.withTitle ? [{ key: 'title_id', label: trans('Title'), type: 'custom' as const, render: (value: FilterItem | undefined, onChange: (item: FilterItem | null) => void) => <TitleFilter value={value} onChange={onChange} /> }] : []),
    { key: 'created_at', label: trans('Date'), type: 'dateRange' },
  ];
}

/** Author cell: name, with the email hidden from the public view but not needed here. */
export function AuthorCell({ user }: { user: { display_name: string; avatar: string | null } | null }) {
  if (!user) return <span className="text-text-muted">{trans('Deleted user')}</span>;
  return (
    <span className="flex items-center gap-2">
      {user.avatar ? <img src={user.avatar} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
      <span>{user.display_name}</span>
    </span>
  );
}

/**
 * Where a comment or review shows on the site, opened in a new tab so the moderator reads it in context (a comment
 * in its thread, replies and all) and comes back to the list as they left it.
 */
export function PlaceCell({ place }: { place: { name: string; link: string } | null | undefined }) {
  if (!place) return <>-</>;
  return (
    <a href={place.link} target="_blank" rel="noreferrer" className="inline-flex max-w-xs items-center gap-1.5 hover:underline">
      <span dir="auto" className="break-words">{place.name}</span>
      <ExternalLink size={14} aria-hidden className="shrink-0 text-text-muted" />
      <span className="sr-only">{trans('(opens in a new tab)')}</span>
    </a>
  );
}
