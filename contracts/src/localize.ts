import { translate, type Lines, type Replacements } from './i18n.ts';

// Reading a filled English message back into another language. Apart from messages.ts (zod's error map), so the
// web's first load, which translates but validates nothing, does not carry zod.

interface Template { key: string; pattern: RegExp; names: string[]; fixed: number }

/** A key with placeholders as a pattern that finds the filled values again; null for a key without any. */
function compileTemplate(key: string): Template | null {
  const names: string[] = [];
  const source = key
    .replace(/\[one ([^|\]]*)\|other ([^\]]*)\]/g, '\uE000$1\uE001$2\uE002')
    .split(/(:[a-z_]+)/)
    .map((part) => {
      // A count is a number ("Unknown value list: titles" is no filled "[one 1 title|other :count titles]").
      if (part === ':count') { names.push('count'); return '(-?\\d+(?:\\.\\d+)?)'; }
      if (/^:[a-z_]+$/.test(part)) { names.push(part.slice(1)); return '(.+?)'; }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('')
    .replace(/\uE000(.*?)\uE001(.*?)\uE002/g, '(?:$1|$2)');
  const fixed = key.replace(/:[a-z_]+/g, '').length;
  // A key that is mostly placeholders (":count", ":name (:count)") would match any message.
  if (!names.length || fixed < 8) return null;
  return { key, pattern: new RegExp(`^${source}$`), names: [...new Set(names)], fixed };
}

/**
 * Every key of a language's lines with placeholders, compiled once per lines object, the most specific first: the
 * longest fixed text wins, so "Must be at least 8 characters." is read as the plural form's, not as
 * "Must be at least :count." with "8 characters" for its count.
 */
const compiled = new WeakMap<Lines, Template[]>();
function templatesOf(lines: Lines): Template[] {
  let list = compiled.get(lines);
  if (!list) {
    list = Object.keys(lines).map(compileTemplate).filter((t): t is Template => t !== null).sort((a, b) => b.fixed - a.fixed);
    compiled.set(lines, list);
  }
  return list;
}

/**
 * An English message (a translation key, or a key with placeholders and its values filled in: the server's
 * `translate(undefined, key, values)`) in the language of `lines`. Unknown text comes back unchanged.
 */
export function localizeMessage(lines: Lines | undefined, text: string): string {
  if (!lines) return text;
  if (Object.hasOwn(lines, text)) return translate(lines, text);
  for (const t of templatesOf(lines)) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    // The `one` branch of a plural form has no capture: its count is 1.
    const values: Replacements = {};
    t.names.forEach((name, i) => { values[name] = m[i + 1] ?? '1'; });
    if ('count' in values) values.count = Number(values.count);
    return translate(lines, t.key, values);
  }
  return text;
}
