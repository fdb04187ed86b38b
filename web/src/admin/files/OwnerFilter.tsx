import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FilterItem, PaginationResponse } from '@app/contracts/list';
import type { User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';

/** Owner filter: type part of an e-mail or name, pick a match from the suggestions. */
export function OwnerFilter({ value, onChange, ownerLabel }: { value?: FilterItem; onChange: (item: FilterItem | null) => void; ownerLabel?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim()), 300);
    return () => window.clearTimeout(t);
  }, [text]);
  const params = { query: debounced, perPage: 10 };
  const users = useQuery({
    queryKey: queryKeys.list('users', params),
    queryFn: () => api.get<PaginationResponse<User>>('users', params).then((r) => r.pagination.data),
    enabled: debounced.length > 0,
  });

  const pick = (raw: string) => {
    setText(raw);
    const match = users.data?.find((u) => u.email === raw);
    if (match) {
      onChange({ key: 'owner_id', value: match.id, operator: '=' });
      setText('');
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-text-muted">{trans('Owner')}</label>
      {value ? (
        <div className="flex h-9 items-center gap-2 rounded-md border border-border bg-bg-elevated px-2 text-sm">
          <span data-testid="owner-filter-value">{ownerLabel ?? `#${String(value.value)}`}</span>
          <button type="button" className="rounded px-1 text-text-muted hover:bg-hover" onClick={() => onChange(null)} aria-label={trans('Clear owner filter')}>×</button>
        </div>
      ) : (
        <>
          <input id={id} type="search" list={`${id}-users`} value={text} onChange={(e) => pick(e.target.value)}
            placeholder={trans('Search users')} className="h-9 w-56 rounded-md border border-border bg-bg-elevated px-2 text-sm" autoComplete="off" />
          <datalist id={`${id}-users`}>
            {users.data?.map((u) => <option key={u.id} value={u.email}>{u.display_name}</option>)}
          </datalist>
        </>
      )}
    </div>
  );
}
