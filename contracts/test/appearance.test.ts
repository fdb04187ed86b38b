import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THEMES, HEX_COLOR, MENU_ID_LENGTH, MENU_ITEM_ID_LENGTH, homepageAppearanceSchema, DEFAULT_HOMEPAGE_APPEARANCE,
  menuItemSchema, randomId, randomThemeId, setThemeDefault, themeStyleSheet, DEFAULT_MENUS, menusSchema, withUniqueMenuIds,
} from '../src/appearance.ts';

describe('appearance rules', () => {
  it('gives repeated menu and item ids (saved before they had to be unique) fresh ones, and leaves the rest', () => {
    expect(withUniqueMenuIds(DEFAULT_MENUS)).toBe(DEFAULT_MENUS);
    const [primary, footer] = DEFAULT_MENUS;
    const stored = [{ ...primary, items: [...primary.items, primary.items[0]] }, { ...footer, id: primary.id, items: [...footer.items, primary.items[1]] }];
    expect(menusSchema.safeParse(stored).success).toBe(false);
    const fixed = withUniqueMenuIds(stored);
    expect(menusSchema.safeParse(fixed).success).toBe(true);
    // The first of each keeps its id; only the repeats change, to ids of the usual length.
    expect(fixed[0].items.slice(0, primary.items.length)).toEqual(primary.items);
    expect(fixed[0].items.at(-1)!.id).not.toBe(primary.items[0].id);
    expect(fixed[0].items.at(-1)!.id).toHaveLength(MENU_ITEM_ID_LENGTH);
    expect(fixed[1].id).toHaveLength(MENU_ID_LENGTH);
    expect(fixed[1].id).not.toBe(primary.id);
  });

  it('accepts hex colours of 3, 4, 6 and 8 digits only', () => {
    for (const ok of ['#abc', '#abcd', '#a1b2c3', '#a1b2c3d4', '#ABC']) expect(HEX_COLOR.test(ok), ok).toBe(true);
    for (const bad of ['abc', '#ab', '#abcde', '#abcdefg', '#a1b2c3d4e', 'red', '#ggg']) expect(HEX_COLOR.test(bad), bad).toBe(false);
  });

  it('takes opacity from 0 to 1 in steps of 0.1', () => {
    const parse = (v: number) => homepageAppearanceSchema.safeParse({ ...DEFAULT_HOMEPAGE_APPEARANCE, headerImageOpacity: v }).success;
    expect([0, 0.1, 0.3, 0.7, 1].map(parse)).toEqual([true, true, true, true, true]);
    expect([-0.1, 1.1, 0.25].map(parse)).toEqual([false, false, false]);
  });

  it('generates ids of the right length and theme ids in range', () => {
    expect(randomId(MENU_ITEM_ID_LENGTH)).toMatch(/^[a-zA-Z0-9]{6}$/);
    expect(randomId(MENU_ID_LENGTH)).toMatch(/^[a-zA-Z0-9]{10}$/);
    for (let i = 0; i < 200; i++) {
      const id = randomThemeId();
      expect(id >= 1 && id <= 10000 && Number.isInteger(id)).toBe(true);
    }
  });

  it('validates menu item actions by type', () => {
    const item = { id: 'abc123', label: 'Home', type: 'link', action: 'https://example.com', target: '_self', roles: [], permissions: [] };
    expect(menuItemSchema.safeParse(item).success).toBe(true);
    expect(menuItemSchema.safeParse({ ...item, action: 'javascript:alert(1)' }).success).toBe(false);
    expect(menuItemSchema.safeParse({ ...item, type: 'route', action: '/login' }).success).toBe(true);
    expect(menuItemSchema.safeParse({ ...item, type: 'route', action: '/elsewhere' }).success).toBe(false);
    expect(menuItemSchema.safeParse({ ...item, label: '' }).success).toBe(false);
  });

  it('keeps one default per mode and never both on one theme', () => {
    const themes = [...DEFAULT_THEMES, { ...DEFAULT_THEMES[0], id: 3, name: 'Other', default_light: false }];
    const a = setThemeDefault(themes, 2, 'light', true);
    expect(a.map((t) => t.default_light)).toEqual([false, false, true]);
    const b = setThemeDefault(a, 2, 'dark', true);
    expect(b.map((t) => [t.default_light, t.default_dark])).toEqual([[false, false], [false, false], [false, true]]);
  });

  it('follows the system unless a theme is chosen', () => {
    expect(themeStyleSheet(DEFAULT_THEMES, 0)).toContain('@media (prefers-color-scheme: dark)');
    const fixed = themeStyleSheet(DEFAULT_THEMES, 2);
    expect(fixed).not.toContain('@media');
    expect(fixed).toContain('--be-bg:#141518');
    expect(themeStyleSheet(DEFAULT_THEMES, 2, 1)).toContain('--be-bg:#ffffff');
  });
});
