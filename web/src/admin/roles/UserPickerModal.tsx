import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { ROLE_USERS_PER_PAGE } from '@app/contracts/roles';
import type { PaginationResponse } from '@app/contracts/list';
import type { User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { Avatar } from '../../ui/Avatar';
import { DialogActions, Modal } from '../../ui/Modal';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (ids: number[]) => void;
  pending?: boolean;
}

/** Search users (14 at a time) and pick several; the picked ones stay listed above the results. */
export function UserPickerModal({ open, onOpenChange, onConfirm, pending }: Props) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Map<number, User>>(new Map());
  useEffect(() => {
    const t = window.setTimeout(() => setQuery(text.trim()), 300);
    return () => window.clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (!open) {
      setText('');
      setQuery('');
      setPicked(new Map());
    }
  }, [open]);

  const params = { perPage: ROLE_USERS_PER_PAGE, query: query || undefined };
  const results = useQuery<PaginationResponse<User>>({
    queryKey: queryKeys.list('users', params),
    queryFn: ({ signal }) => api.get<PaginationResponse<User>>('users', params, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const users = results.data?.pagination.data;
  const toggle = (u: User) => setPicked((prev) => {
    const next = new Map(prev);
    if (next.has(u.id)) next.delete(u.id);
    else next.set(u.id, u);
    return next;
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={trans('Add users')}
      footer={(
        <DialogActions
          onCancel={() => onOpenChange(false)}
          onClick={() => onConfirm([...picked.keys()])}
          pending={!picked.size || pending}
          label={<>{trans('Add')} {picked.size > 0 && `(${picked.size})`}</>}
        />
      )}
    >
      <div className="flex flex-col gap-3">
        <label htmlFor={searchId} className="sr-only">{trans('Search users')}</label>
        <div className="relative">
          <Search size={16} aria-hidden className="pointer-events-none absolute start-2.5 top-1/2 -translate-y-1/2 text-text-muted" />
          <input
            id={searchId}
            type="search"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={trans('Search users')}
            className="h-9 w-full rounded-md border border-border bg-bg-elevated ps-8 pe-3 text-sm"
          />
        </div>
        {picked.size > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={trans('Selected users')}>
            {[...picked.values()].map((u) => (
              <li key={u.id} className="inline-flex items-center gap-1 rounded-full border border-primary bg-selected px-2 py-0.5 text-xs">
                {u.email}
                <button type="button" onClick={() => toggle(u)} aria-label={trans('Unselect :email', { email: u.email })} className="rounded hover:bg-hover">
                  <X size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <ul className="flex max-h-80 flex-col overflow-auto rounded-md border border-border" aria-busy={results.isFetching || undefined}>
          {results.isPending && <li className="p-3"><div className="skeleton h-6 w-full" /></li>}
          {users?.length === 0 && <li className="p-3 text-sm text-text-muted">{trans('No matching users')}</li>}
          {users?.map((u) => (
            <li key={u.id} className="border-b border-border last:border-b-0">
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-hover">
                <input type="checkbox" className="h-4 w-4 accent-[var(--color-primary)]" checked={picked.has(u.id)} onChange={() => toggle(u)} />
                <Avatar src={u.avatar} label={u.display_name || u.email} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{u.display_name}</span>
                  <span className="block truncate text-xs text-text-muted">{u.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
