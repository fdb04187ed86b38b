import { useQuery } from '@tanstack/react-query';
import type { ValueListName, ValueLists } from '@app/contracts/browse';
import { api } from './api';

/** Option lists and lookups (`GET value-lists/{names}`, one call for several); they rarely change, so they are kept for the session. */
export function useValueLists(names: ValueListName[]) {
  return useQuery({
    queryKey: ['value-lists', names.join(',')],
    queryFn: () => api.get<ValueLists>(`value-lists/${names.join(',')}`),
    staleTime: 30 * 60_000,
  });
}
