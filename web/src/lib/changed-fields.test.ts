import { describe, expect, it } from 'vitest';
import { changedOnly } from './changed-fields';

describe('changedOnly', () => {
  it('keeps only the payload keys whose form field is dirty, through renamed fields', () => {
    const payload = { name: 'A', tagline: 'New', runtime: 90, is_series: true };
    expect(changedOnly(payload, { tagline: true })).toEqual({ tagline: 'New' });
    expect(changedOnly(payload, { type: true, runtime: false }, new Map([['is_series', 'type']]))).toEqual({ is_series: true });
  });

  it('keeps a key made of several fields when any of them changed', () => {
    const fieldOf = new Map([['available_space', ['space_amount', 'space_unit']]]);
    expect(changedOnly({ available_space: 1024, email: 'a@b.c' }, { space_unit: true }, fieldOf)).toEqual({ available_space: 1024 });
    expect(changedOnly({ available_space: 1024, email: 'a@b.c' }, { email: true }, fieldOf)).toEqual({ email: 'a@b.c' });
  });

  it('never reads what objects inherit', () => {
    expect(changedOnly({ constructor: 1, toString: 2 } as object, {})).toEqual({});
  });
});
