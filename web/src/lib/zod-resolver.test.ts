import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { applyServerErrors, showFormError, zodFormResolver } from './zod-resolver';

describe('zodFormResolver', () => {
  it('keeps keys a user typed as plain keys, never what objects inherit', async () => {
    const schema = z.object({ lines: z.record(z.string(), z.object({ value: z.string().min(1, 'Required') })) });
    const result = await zodFormResolver(schema)({ lines: { constructor: { value: '' } } }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as { lines: Record<string, { value: { message: string } }> };
    expect(Object.hasOwn(errors.lines, 'constructor')).toBe(true);
    expect(errors.lines['constructor'].value).toMatchObject({ message: 'Required' });
    expect(Object.hasOwn(Object, 'value')).toBe(false);
  });
});

describe('applyServerErrors and showFormError', () => {
  const collect = () => {
    const set: Record<string, string> = {};
    return { set, setError: (name: string, e: { message?: string }) => { set[name] = e.message ?? ''; } };
  };
  it('puts a 422 under its fields, renamed by the map read as own keys only', () => {
    const { set, setError } = collect();
    const e = new ApiError(422, 'Invalid', { user_id: ['Pick a user'], constructor: ['Odd'] });
    expect(applyServerErrors(e, setError as never, { user_id: 'description' })).toBe(true);
    expect(set).toEqual({ description: 'Pick a user', constructor: 'Odd' });
  });
  it('shows any other failure by the given means, with the fallback when the answer has no message', () => {
    const { set, setError } = collect();
    const shown: string[] = [];
    showFormError(new TypeError('offline'), setError as never, { show: (m) => shown.push(m), fallback: 'Could not save' });
    showFormError(new ApiError(429, 'Too many requests.'), setError as never, { show: (m) => shown.push(m) });
    expect(shown).toEqual(['Could not save', 'Too many requests.']);
    expect(set).toEqual({});
  });
});
