import { LANGUAGES, TITLE_AGE_RATINGS, TMDB_DEPARTMENTS, type ValueListItem } from '@app/contracts';

/** Lookups that do not depend on the catalogue: built once per process. */

const languageNames = new Map(LANGUAGES.map((l) => [l.code, l.name]));

/** A language code's English name, or the code itself when we do not know it. */
export const languageName = (code: string): string => languageNames.get(code) ?? code;

/** ISO 4217 currencies this runtime knows, with their English names and symbols (Intl, no hand-kept list). */
function currencies(): ValueListItem[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => {
    const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
    return { value: code, name: names.of(code) ?? code, symbol };
  });
}

/** TMDb's original_language is ISO 639-1: the plain codes of our language list, without regional variants. */
const tmdbLanguages = (): ValueListItem[] =>
  LANGUAGES.filter((l) => !l.code.includes('-')).map((l) => ({ value: l.code, name: l.name }));

const tmdbDepartments = (): ValueListItem[] =>
  TMDB_DEPARTMENTS.flatMap((d) => d.jobs.map((job) => ({ value: job, name: job, department: d.department })));

const ageRatings = (): ValueListItem[] => TITLE_AGE_RATINGS.map((r) => ({ value: r, name: r }));

const lazy = (build: () => ValueListItem[]) => {
  let list: ValueListItem[] | undefined;
  return async () => (list ??= build());
};

export const STATIC_LOOKUPS = new Map<string, () => Promise<ValueListItem[]>>([
  ['currencies', lazy(currencies)],
  ['tmdbLanguages', lazy(tmdbLanguages)],
  ['tmdbDepartments', lazy(tmdbDepartments)],
  ['titleFilterAgeRatings', lazy(ageRatings)],
]);
