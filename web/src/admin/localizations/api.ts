import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language, Localization, LocalizationCreate, LocalizationUpdate } from '@app/contracts/localizations';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

export function useLocalization(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.detail('localizations', id ?? ''),
    queryFn: () => api.get<{ localization: Localization }>(`localizations/${id}`).then((r) => r.localization),
    enabled: !!id,
    // The editor owns its copy while open; a background refetch would overwrite unsaved edits.
    staleTime: Infinity,
  });
}

/** The languages lookup (codes and names) for the create and edit modals. */
export function useLanguages() {
  return useQuery({
    queryKey: ['localizations', 'languages'],
    queryFn: () => api.get<{ languages: Language[] }>('localizations/languages').then((r) => r.languages),
    staleTime: Infinity,
  });
}

/** Refreshes the localizations' lists (and the site's language menu) after a change; `l` updates its cached detail. */
export function useInvalidate() {
  const qc = useQueryClient();
  return (l?: Localization) => {
    if (l?.lines) qc.setQueryData(queryKeys.detail('localizations', l.id), l);
    void qc.invalidateQueries({ queryKey: ['localizations', 'available'] });
    return qc.invalidateQueries({ queryKey: queryKeys.lists('localizations') });
  };
}

export function useCreateLocalization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LocalizationCreate) => api.post<{ localization: Localization }>('localizations', body).then((r) => r.localization),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateLocalization(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LocalizationUpdate) => api.put<{ localization: Localization }>(`localizations/${id}`, body).then((r) => r.localization),
    onSuccess: (l) => invalidate(l),
  });
}

