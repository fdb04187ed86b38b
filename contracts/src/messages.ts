import { z } from 'zod';
import { translate, type Lines, type Replacements } from './i18n.ts';

/**
 * Validation messages written for people. zod's defaults ("Too small: expected string to have >=8 characters")
 * are replaced everywhere by one global error map, so the server's 422 answers and the forms say the same thing.
 * Each text is an English translation key (collected by `npm run i18n:collect`); `localizeMessage` turns a filled
 * English message back into the caller's language.
 */
function trans(key: string, values?: Replacements): string {
  return translate(undefined, key, values);
}

// The largest integer a JSON number keeps exactly: zod's int() bound, which no person should ever read.
const SAFE_LIMIT = Number.MAX_SAFE_INTEGER;

type Issue = z.core.$ZodRawIssue | z.core.$ZodIssue;

const TYPE_NAMES = new Map<string, () => string>([
  ['string', () => trans('Enter text.')],
  ['number', () => trans('Enter a number.')],
  ['int', () => trans('Enter a whole number.')],
  ['boolean', () => trans('Choose yes or no.')],
  ['array', () => trans('Choose a list of values.')],
  ['object', () => trans('The value is not valid.')],
  ['date', () => trans('Enter a valid date.')],
]);

const FORMATS = new Map<string, () => string>([
  ['email', () => trans('Enter a valid email address.')],
  ['url', () => trans('Enter a valid URL.')],
  ['datetime', () => trans('Enter a valid date and time.')],
  ['date', () => trans('Enter a valid date.')],
  ['time', () => trans('Enter a valid time.')],
  ['uuid', () => trans('Enter a valid identifier.')],
  ['ipv4', () => trans('Enter a valid IP address.')],
  ['ipv6', () => trans('Enter a valid IP address.')],
]);

function sizeMessage(origin: string, bound: number, which: 'min' | 'max', exact: boolean, inclusive: boolean): string {
  const count = bound;
  if (origin === 'string') {
    if (which === 'min' && bound === 1) return trans('This field is required.');
    if (exact) return trans('Must be exactly [one 1 character|other :count characters].', { count });
    return which === 'min' ? trans('Must be at least [one 1 character|other :count characters].', { count }) : trans('Must be at most [one 1 character|other :count characters].', { count });
  }
  if (origin === 'array' || origin === 'set') {
    if (which === 'min' && bound === 1) return trans('Choose at least one.');
    return which === 'min' ? trans('Choose at least :count.', { count }) : trans('Choose at most :count.', { count });
  }
  if (origin === 'file') return which === 'min' ? trans('The file is too small.') : trans('The file is too large.');
  if (origin === 'date') return which === 'min' ? trans('Enter a later date.') : trans('Enter an earlier date.');
  if (Math.abs(bound) >= SAFE_LIMIT) return which === 'min' ? trans('The number is too small.') : trans('The number is too large.');
  if (!inclusive) return which === 'min' ? trans('Must be greater than :count.', { count }) : trans('Must be less than :count.', { count });
  return which === 'min' ? trans('Must be at least :count.', { count }) : trans('Must be at most :count.', { count });
}

/** The English message for a zod issue, written for people. */
export function humanIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if ('input' in issue && issue.input === undefined) return trans('This field is required.');
      return TYPE_NAMES.get(issue.expected)?.() ?? trans('The value is not valid.');
    case 'too_small':
      return sizeMessage(issue.origin, Number(issue.minimum), 'min', Boolean(issue.exact), issue.inclusive !== false);
    case 'too_big':
      return sizeMessage(issue.origin, Number(issue.maximum), 'max', Boolean(issue.exact), issue.inclusive !== false);
    case 'invalid_format':
      return FORMATS.get(issue.format)?.() ?? trans('The format is not valid.');
    case 'invalid_value':
      return trans('Choose one of the listed values.');
    case 'not_multiple_of':
      return trans('Must be a multiple of :count.', { count: Number(issue.divisor) });
    case 'unrecognized_keys':
      return trans('Unknown field: :keys.', { keys: issue.keys.join(', ') });
    default:
      return trans('The value is not valid.');
  }
}

z.config({ customError: (issue) => humanIssueMessage(issue) });

interface Template { key: string; pattern: RegExp; names: string[]; fixed: number }

/** A key with placeholders as a pattern that finds the filled values again; null for a key without any. */
function compileTemplate(key: string): Template | null {
  const names: string[] = [];
  const source = key
    .replace(/\[one ([^|\]]*)\|other ([^\]]*)\]/g, '\uE000$1\uE001$2\uE002')
    .split(/(:[a-z_]+)/)
    .map((part) => {
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
