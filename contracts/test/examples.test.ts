import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src/index.ts';

/**
 * Issue 18 item 2: the OpenAPI document shows the `examples` of body and answer schemas; an example the schema
 * itself refuses would teach API users a call that answers 422. Every exported schema's examples must parse.
 */
const withExamples = Object.entries(contracts).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const examples = z.globalRegistry.get(value)?.examples;
  return Array.isArray(examples) && examples.length ? [{ name, schema: value, examples: examples as unknown[] }] : [];
});

describe('schema examples', () => {
  it('finds the examples of the exported schemas', () => {
    expect(withExamples.map((s) => s.name)).toEqual(expect.arrayContaining(['tagSchema', 'productInputSchema', 'productEntity']));
  });

  it.each(withExamples.map((s) => [s.name, s] as const))('%s: every example is valid for its schema', (_name, { schema, examples }) => {
    for (const example of examples) {
      const result = schema.safeParse(example);
      expect(result.success ? [] : result.error.issues).toEqual([]);
    }
  });
});
