import { useQuery } from '@tanstack/react-query';
import type { Person, PersonCredit } from '@app/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** The edit page's data: the person and their credits. */
export function usePersonPage(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('people', id ?? ''),
    queryFn: () => api.get<{ person: Person; credits: PersonCredit[] }>(`people/${id}`),
    enabled: !!id,
  });
}
