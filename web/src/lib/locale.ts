import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AvailableLocalesResponse, LocaleLinesResponse } from '@app/contracts/localizations';
import { setLinesLanguage, textDirection } from '@app/contracts/i18n';
import { api } from './api';
import { onTranslationsChange, setTranslationLines } from './i18n';
import { queryClient } from './query-client';

let current = 'en';
let version = 0;
onTranslationsChange(() => { version++; });

function apply(res: LocaleLinesResponse) {
  current = res.language;
  document.documentElement.lang = res.language;
  document.documentElement.dir = textDirection(res.language);
  setLinesLanguage(res.lines, res.language);
  setTranslationLines(res.lines);
}

/**
 * Loads the visitor's language before the first render: the server resolves it (account choice, cookie, site
 * default) and answers with an ETag, so a repeat visit is a 304 the browser fills from its cache.
 * English needs no lines beyond the code's, so a failure leaves the built-in English text in place.
 */
export async function loadActiveLocale(opts: { onlyIfChanged?: boolean } = {}): Promise<void> {
  try {
    const res = await api.get<LocaleLinesResponse>('localizations/active/lines');
    // Signing in as someone who reads the same language needs no re-render.
    if (opts.onlyIfChanged && res.language === current) return;
    apply(res);
  } catch {
    // Keep the English built into the code.
  }
}

/** Stores the choice (account and cookie), then swaps the lines; every trans() re-renders. */
export async function changeLanguage(language: string): Promise<void> {
  await api.post('localizations/choose', { language });
  apply(await api.get<LocaleLinesResponse>(`localizations/${encodeURIComponent(language)}/lines`));
  await queryClient.invalidateQueries({ queryKey: ['localizations', 'available'] });
}

export function currentLanguage(): string {
  return current;
}

/** Changes whenever the active lines change; key a subtree on it to re-render every string. */
export function useTranslationsVersion(): number {
  return useSyncExternalStore(onTranslationsChange, () => version);
}

/** The localizations a visitor may pick (only those that exist). */
export function useAvailableLocales(enabled = true) {
  return useQuery({
    queryKey: ['localizations', 'available'],
    queryFn: () => api.get<AvailableLocalesResponse>('localizations/available'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

// Signing in or out can change the language (a user's account keeps their choice): reload it when the
// bootstrap user changes. The first answer only records who is signed in; the boot load already ran.
let lastUserId: number | null | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== 'bootstrap') return;
  const data = event.query.state.data as { user?: { id: number } | null } | undefined;
  if (!data) return;
  const id = data.user?.id ?? null;
  if (lastUserId !== undefined && id !== lastUserId) void loadActiveLocale({ onlyIfChanged: true });
  lastUserId = id;
});
