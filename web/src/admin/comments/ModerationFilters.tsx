import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { FilterItem, PaginationResponse } from '@app/contracts/list';
import type { TitleAutocompleteItem } from '@app/contracts/titles';
import type { ContentAuthor } from '@app/contracts/reviews';
import type { User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Autocomplete } from '../../ui/Autocomplete';
import type { FilterDefinition } from '../../ui/DataTable';
import { filtersWith, parseFilters } from '../../ui/list-params';
import { LockedActions, SuspendedBadge } from '../../ui/StatusMarks';
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

/** Names of the users picked this visit, by id: the URL keeps only the id. */
const userLabels = new Map<number, string>();
/** Who may search the users list (the `GET users` guard): a moderator of comments and reviews often may not. */
const USER_SEARCH = { any: ['users.update', 'users.create', 'users.delete', 'roles.update'] } as const;

function UserFilter({ value, onChange }: { value?: FilterItem; onChange: (item: FilterItem | null) => void }) {
  const { can } = useAuth();
  if (value) return <Picked label={userLabels.get(Number(value.value)) ?? `#${String(value.value)}`} onClear={() => onChange(null)} clearLabel={trans('Clear user filter')} />;
  // Without the users list, the authors' names in the table pick the user (AuthorCell).
  if (!can(USER_SEARCH)) {
    return (
      <div className="flex max-w-60 flex-col gap-1">
        <span className="text-xs font-medium text-text-muted">{trans('User')}</span>
        <p className="text-sm text-text-muted">{trans('Choose an author\'s name in the list to see only what they wrote.')}</p>
      </div>
    );
  }
  return (
    <Autocomplete<User>
      label={trans('User')}
      resource="users"
      search={searchUsers}
      itemKey={(u) => u.id}
      itemLabel={(u) => u.email}
      onSelect={(u) => { userLabels.set(u.id, u.email); onChange({ key: 'user_id', value: u.id, operator: '=' }); }}
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

/**
 * Author cell: the name, which narrows the list to what this author wrote (the User filter), so a moderator
 * finds a spammer's other posts without the users list; never the email here.
 */
export function AuthorCell({ user }: { user: ContentAuthor | null }) {
  const [, setSearch] = useSearchParams();
  if (!user) return <span className="text-text-muted">{trans('Deleted user')}</span>;
  const showOnly = () => {
    userLabels.set(user.id, user.display_name);
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      const filters = filtersWith(parseFilters(prev.get('filters')), 'user_id', { key: 'user_id', value: user.id, operator: '=' });
      if (filters) next.set('filters', filters);
      next.delete('page');
      return next;
    }, { replace: true });
  };
  return (
    // A suspended author's badge sits beside the name: a moderator cleaning up after a spammer sees which rows are theirs.
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <button type="button" onClick={showOnly} className="flex items-center gap-2 rounded text-start hover:underline"
        aria-label={trans('Show only what :name wrote', { name: user.display_name })} title={trans('Show only what :name wrote', { name: user.display_name })}>
        {user.avatar ? <img src={user.avatar} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
        <span dir="auto">{user.display_name}</span>
      </button>
      {user.suspended ? <SuspendedBadge /> : null}
    </span>
  );
}

/** Whether a moderation row is out of the caller's reach: only an admin edits or deletes what an admin wrote. */
export function adminOnly(user: ContentAuthor | null, callerIsAdmin: boolean): boolean {
  return !callerIsAdmin && Boolean(user?.is_admin);
}

/** In place of a row's edit and delete when only an admin may change it (the server refuses with the same words). */
export function AdminContentLock() {
  return <LockedActions reason={trans('Only an admin can edit or delete what an admin wrote.')} />;
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
