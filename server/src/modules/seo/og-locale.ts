/** Open Graph's own spellings where the language's likely territory is not the one Facebook reads (ar_EG → ar_AR). */
const OG_SPELLINGS = new Map([['ar', 'ar_AR'], ['es_419', 'es_LA']]);

/**
 * A page language (`ar`, `pt-BR`, `zh_Hant`) as Open Graph's `og:locale` wants it: language_TERRITORY, the territory
 * being the language's likely one when the tag names none (en → en_US). Null when it cannot be told (an unknown tag).
 */
export function ogLocale(language: string): string | null {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(language.replace(/_/g, '-')).maximize();
  } catch {
    return null;
  }
  if (!locale.region) return null;
  const tag = `${locale.language}_${locale.region}`;
  const explicit = /[-_]([a-z]{2}|\d{3})$/i.test(language);
  return OG_SPELLINGS.get(explicit ? tag : locale.language) ?? tag;
}
