import { describe, expect, it } from 'vitest';
import { textDirection, translate } from '../src/i18n.ts';

describe('translate', () => {
  it('fills placeholders and picks the plural form by :count', () => {
    expect(translate(undefined, 'Deleted [one 1 record|other :count records]', { count: 1 })).toBe('Deleted 1 record');
    expect(translate(undefined, 'Deleted [one 1 record|other :count records]', { count: 7 })).toBe('Deleted 7 records');
    expect(translate({ 'Hello :name': 'Hola :name' }, 'Hello :name', { name: 'Ana' })).toBe('Hola Ana');
  });
  it('falls back to the key when a line is missing or empty', () => {
    expect(translate({ a: '' }, 'a')).toBe('a');
    expect(translate({}, 'User suspended')).toBe('User suspended');
  });
  it("reads only the lines' own keys, never the object's prototype", () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(translate({}, key, { count: 2 })).toBe(key);
  });
});

describe('textDirection', () => {
  it('is rtl for the languages written right to left, whatever the region or case', () => {
    for (const tag of ['ar', 'ar-EG', 'fa_IR', 'HE', 'ur', 'ckb']) expect(textDirection(tag), tag).toBe('rtl');
    for (const tag of ['en', 'de-AT', 'pt_BR', 'zh-Hans', 'arn', '']) expect(textDirection(tag), tag).toBe('ltr');
  });
});
