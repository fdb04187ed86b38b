import { describe, expect, it } from 'vitest';
import { changedOnly } from './changed-fields';

describe('changedOnly', () => {
  it('keeps only the payload keys whose form field is dirty, through renamed fields', () => {
    const payload = { name: 'A', tagline: 'New', runtime: 90, is_series: true };
    expect(changedOnly(payload, { tagline: true })).toEqual({ tagline: 'New' });
    expect(changedOnly(payload, { type: true, runtime: false }, new Map([['is_series', 'type']]))).toEqual({ is_series: true });
  });

  it('never reads what objects inherit', () => {
    expect(changedOnly({ constructor: 1, toString: 2 } as object, {})).toEqual({});
  });
});
