/** Translation lines keyed by their English text. */
export type Lines = Record<string, string>;
export type Replacements = Record<string, string | number>;

/**
 * Translate `key` with `lines`, then fill `:placeholders` and pick the plural form.
 * Plural forms look like `[one 1 record|other :count records]` and choose by `:count`.
 */
export function translate(lines: Lines | undefined, key: string, values?: Replacements): string {
  // Own lines only: a message such as "constructor" must not read the object's prototype.
  const line = lines && Object.hasOwn(lines, key) ? lines[key] : undefined;
  let text = (typeof line === 'string' && line) || key;
  if (values) {
    const count = values.count;
    if (count !== undefined) {
      text = text.replace(/\[one ([^|\]]*)\|other ([^\]]*)\]/g, (_m, one: string, other: string) => (Number(count) === 1 ? one : other));
    }
    // Longest names first so :count does not eat :countries.
    for (const name of Object.keys(values).sort((a, b) => b.length - a.length)) {
      text = text.split(`:${name}`).join(String(values[name]));
    }
  }
  return text;
}

/** Languages written right to left (their primary subtags): Arabic, Persian, Hebrew, Urdu and the rest of their scripts. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** The page direction for a language tag (`ar`, `fa-IR`, `he_IL`). */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language.split(/[-_]/)[0].toLowerCase()) ? 'rtl' : 'ltr';
}
