import { describe, expect, it } from 'vitest';
import { ApiError, fieldMessages } from './api';

describe('fieldMessages', () => {
  const fields = ['email', 'password'] as const;
  it('puts each field its own first error', () => {
    const e = new ApiError(422, 'Invalid', { password: ['Wrong', 'Also wrong'], other: ['x'] });
    expect(fieldMessages(e, fields, 'email', 'Try again')).toEqual({ password: 'Wrong' });
  });
  it('puts the answer\'s message, else the fallback, under the general field when no field has one', () => {
    expect(fieldMessages(new ApiError(429, 'Too many requests.'), fields, 'email', 'Try again')).toEqual({ email: 'Too many requests.' });
    expect(fieldMessages(new TypeError('offline'), fields, 'email', 'Try again')).toEqual({ email: 'Try again' });
  });
});
