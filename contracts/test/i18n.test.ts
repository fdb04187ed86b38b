import { describe, expect, it } from 'vitest';
import { setLinesLanguage, textDirection, translate } from '../src/i18n.ts';

describe('translate', () => {
  it('fills placeholders and picks the plural form by :count', () => {
    expect(translate(undefined, 'Deleted [one 1 record|other :count records]', { count: 1 })).toBe('Deleted 1 record');
    expect(translate(undefined, 'Deleted [one 1 record|other :count records]', { count: 7 })).toBe('Deleted 7 records');
    expect(translate({ 'Hello :name': 'Hola :name' }, 'Hello :name', { name: 'Ana' })).toBe('Hola Ana');
  });
  it("picks a translation's plural form by its language's rules, with every category that language has", () => {
    const key = 'Deleted [one 1 record|other :count records]';
    const ar = { [key]: 'حُذف [zero لا شيء|one سجل واحد|two سجلان|few :count سجلات|many :count سجلًا|other :count سجل]' };
    setLinesLanguage(ar, 'ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => translate(ar, key, { count }));
    expect(forms).toEqual(['حُذف لا شيء', 'حُذف سجل واحد', 'حُذف سجلان', 'حُذف 3 سجلات', 'حُذف 11 سجلًا', 'حُذف 100 سجل']);
    // A translation with fewer forms falls back to `other`; French says "0 enregistrement" (0 is `one` in French).
    const fr = { [key]: '[one :count enregistrement supprimé|other :count enregistrements supprimés]' };
    setLinesLanguage(fr, 'fr');
    expect([0, 1, 2].map((count) => translate(fr, key, { count }))).toEqual(['0 enregistrement supprimé', '1 enregistrement supprimé', '2 enregistrements supprimés']);
    // The English key keeps English rules whatever the lines' language.
    expect(translate(fr, 'Restored [one 1 comment|other :count comments]', { count: 0 })).toBe('Restored 0 comments');
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
