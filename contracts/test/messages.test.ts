import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatBytes, listItemAddSchema, localizeMessage, videoCreateSchema } from '../src/index.ts';

describe('humanIssueMessage (the global zod error map)', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0].message;
  it('replaces every default with a sentence', () => {
    expect(first(z.string().min(8), 'short')).toBe('Must be at least 8 characters.');
    expect(first(z.string().min(1), '')).toBe('This field is required.');
    expect(first(z.string().max(1), 'ab')).toBe('Must be at most 1 character.');
    expect(first(z.string(), undefined)).toBe('This field is required.');
    expect(first(z.number(), 'x')).toBe('Enter a number.');
    expect(first(z.number().int(), 1e300)).toBe('The number is too large.');
    expect(first(z.number().int().positive(), 0)).toBe('Must be greater than 0.');
    expect(first(z.email(), 'x')).toBe('Enter a valid email address.');
    // An empty e-mail field (what the register form sends before the server sees a missing one) is required, not invalid.
    expect(first(z.string().trim().email(), '  ')).toBe('This field is required.');
    expect(first(z.url(), '')).toBe('This field is required.');
    expect(first(z.enum(['a', 'b']), 'c')).toBe('Choose one of the listed values.');
    expect(first(z.array(z.string()).min(1), [])).toBe('Choose at least one.');
    expect(first(z.strictObject({}), { x: 1 })).toBe('Unknown field: x.');
    // A schema's own message wins.
    expect(first(z.string().min(1, 'Enter a name.'), '')).toBe('Enter a name.');
  });
});

describe("a field's own message for a missing value", () => {
  const errorsOf = (schema: z.ZodType, value: unknown): Record<string, string[] | undefined> => z.flattenError(schema.safeParse(value).error!).fieldErrors;
  it('is not what a value out of range reads', () => {
    expect(errorsOf(listItemAddSchema, {})).toEqual({ titleId: ['Choose a title.'] });
    expect(errorsOf(listItemAddSchema, { titleId: 'x' })).toEqual({ titleId: ['Choose a title.'] });
    expect(errorsOf(listItemAddSchema, { titleId: 2_147_483_648 })).toEqual({ titleId: ['Must be at most 2147483647.'] });
    expect(errorsOf(listItemAddSchema, { titleId: 1.5 })).not.toEqual({ titleId: ['Choose a title.'] });
    expect(errorsOf(videoCreateSchema, { title_id: 2.5 }).title_id).not.toContain('Title is required.');
  });
});

describe('localizeMessage', () => {
  const lines = {
    'Enter a name.': 'Entrez un nom.',
    'Must be at least [one 1 character|other :count characters].': 'Au moins [one 1 caractère|other :count caractères].',
    'Unknown field: :keys.': 'Champ inconnu : :keys.',
  };
  it('translates keys and filled templates, and leaves unknown text alone', () => {
    expect(localizeMessage(lines, 'Enter a name.')).toBe('Entrez un nom.');
    expect(localizeMessage(lines, 'Must be at least 8 characters.')).toBe('Au moins 8 caractères.');
    expect(localizeMessage(lines, 'Must be at least 1 character.')).toBe('Au moins 1 caractère.');
    expect(localizeMessage(lines, 'Unknown field: a, b.')).toBe('Champ inconnu : a, b.');
    expect(localizeMessage(lines, 'Something else.')).toBe('Something else.');
    expect(localizeMessage(undefined, 'Enter a name.')).toBe('Enter a name.');
  });

  it('fills any key of the language with placeholders, the most specific key first', () => {
    const fr = {
      ...lines,
      'Must be at least :count.': 'Au moins :count.',
      'The file may not be greater than :size.': 'Le fichier ne doit pas dépasser :size.',
      ':provider login is not enabled.': 'La connexion :provider n’est pas activée.',
      ':count': ':count',
    };
    expect(localizeMessage(fr, 'The file may not be greater than 5 MB.')).toBe('Le fichier ne doit pas dépasser 5 MB.');
    expect(localizeMessage(fr, 'Google login is not enabled.')).toBe('La connexion Google n’est pas activée.');
    // The plural form's fixed text is longer: "8 characters" is not read as a count.
    expect(localizeMessage(fr, 'Must be at least 8 characters.')).toBe('Au moins 8 caractères.');
    expect(localizeMessage(fr, 'Must be at least 3.')).toBe('Au moins 3.');
    // A key that is only a placeholder matches nothing.
    expect(localizeMessage(fr, 'Something else.')).toBe('Something else.');
    // A count is a number: words before a plural form's noun are not read as one ("NaN titles").
    const plural = { '[one 1 title|other :count titles]': '[one 1 titre|other :count titres]' };
    expect(localizeMessage(plural, 'Unknown value list: titles')).toBe('Unknown value list: titles');
    expect(localizeMessage(plural, '12 titles')).toBe('12 titres');
  });
});

describe('formatBytes', () => {
  it('writes a size with its unit, the number in the given language', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });
});
