import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src/index.ts';

/**
 * The OpenAPI document shows each schema's `.meta({ examples })` as what to send (bodies) or what comes back
 * (answers): an example the schema itself refuses would teach a client a call that fails. Every exported schema
 * carrying examples must accept each of them.
 */
const withExamples = Object.entries(contracts).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const examples = value.meta()?.examples;
  return Array.isArray(examples) && examples.length ? [{ name, schema: value, examples: examples as unknown[] }] : [];
});

describe('schema examples', () => {
  it('finds the documented examples (bodies and answers)', () => {
    const names = withExamples.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['tagSchema', 'titleCreateSchema', 'creditSchema', 'listSaveSchema', 'tmdbImportSchema', 'titleEntity', 'personEntity']));
  });

  it.each(withExamples)('$name accepts each of its examples', ({ schema, examples }) => {
    for (const example of examples) {
      const result = schema.safeParse(example);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    }
  });
});
