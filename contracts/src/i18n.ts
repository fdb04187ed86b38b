/** Translation lines keyed by their English text. */
export type Lines = Record<string, string>;
export type Replacements = Record<string, string | number>;

/** The language each localization's lines are written in, for its plural rules (English when not known). */
const linesLanguages = new WeakMap<Lines, string>();

/** Records the language `lines` are written in, so their plural forms follow that language's rules. */
export function setLinesLanguage(lines: Lines, language: string): void {
  linesLanguages.set(lines, language);
}

/** The language `lines` are written in (setLinesLanguage); English when not known or without lines. */
export function linesLanguage(lines: Lines | undefined): string {
  return (lines && linesLanguages.get(lines)) || 'en';
}

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const FORM = `(?:${PLURAL_CATEGORIES.join('|')}) [^|\\]]*`;
/** `[one 1 record|other :count records]`, or with any of the CLDR categories a language uses (Arabic: all six). */
const PLURAL = new RegExp(`\\[(${FORM}(?:\\|${FORM})*)\\]`, 'g');
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The form of a plural group for `count`: its category's, else `other`, else the last one written. */
function pluralForm(group: string, language: string, count: number): string {
  const forms = new Map<string, string>();
  for (const part of group.split('|')) {
    const space = part.indexOf(' ');
    forms.set(part.slice(0, space), part.slice(space + 1));
  }
  const category = Number.isFinite(count) ? pluralCategory(language, count) : 'other';
  return forms.get(category) ?? forms.get('other') ?? [...forms.values()].pop() ?? '';
}

/**
 * Translate `key` with `lines`, then fill `:placeholders` and pick the plural form by `:count`.
 * Plural forms look like `[one 1 record|other :count records]`; a translation may use every category its language
 * has (`[zero …|one …|two …|few …|many …|other …]`), chosen by that language's rules (setLinesLanguage).
 */
export function translate(lines: Lines | undefined, key: string, values?: Replacements): string {
  // Own lines only: a message such as "constructor" must not read the object's prototype.
  const line = lines && Object.hasOwn(lines, key) ? lines[key] : undefined;
  let text = (typeof line === 'string' && line) || key;
  if (values) {
    const count = values.count;
    if (count !== undefined) {
      // The English key's forms follow English rules; a translation's, its own language's.
      const language = text !== key ? linesLanguage(lines) : 'en';
      text = text.replace(PLURAL, (_m, group: string) => pluralForm(group, language, Number(count)));
    }
    // Longest names first so :count does not eat :countries.
    for (const name of Object.keys(values).sort((a, b) => b.length - a.length)) {
      text = text.split(`:${name}`).join(String(values[name]));
    }
  }
  return text;
}

/** Whether `text` holds a plural form (`[one 1 line|other :count lines]`). */
export function hasPluralForm(text: string): boolean {
  return text.search(PLURAL) >= 0;
}

/**
 * Whether the translation of a plural line writes its forms wrongly (an unclosed bracket, a form without its
 * category word, a category in another language): the site would show its brackets and bars as they are.
 * An empty translation (the English text shows) and one that needs no plural at all are fine.
 */
export function malformedPlural(key: string, value: string): boolean {
  if (!value || !hasPluralForm(key)) return false;
  return /[[\]|]/.test(value.replace(PLURAL, ''));
}

/** The plural categories a language's rules use, in the order a plural form lists them (Arabic: all six). */
export function pluralCategories(language: string): string[] {
  let used: string[];
  try {
    used = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    used = ['one', 'other'];
  }
  return PLURAL_CATEGORIES.filter((c) => used.includes(c));
}

/** Languages written right to left (their primary subtags): Arabic, Persian, Hebrew, Urdu and the rest of their scripts. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** The page direction for a language tag (`ar`, `fa-IR`, `he_IL`). */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language.split(/[-_]/)[0].toLowerCase()) ? 'rtl' : 'ltr';
}
