import type { z } from 'zod';
import { translate, type Replacements } from './i18n.ts';

/**
 * Validation messages written for people. zod's defaults ("Too small: expected string to have >=8 characters")
 * are replaced everywhere by one global error map (installed in zod.ts), so the server's 422 answers and the forms say the same thing.
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
      // An empty field is missing, not malformed: the same words whether the browser or the server checks it.
      if ('input' in issue && typeof issue.input === 'string' && !issue.input.trim()) return trans('This field is required.');
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

