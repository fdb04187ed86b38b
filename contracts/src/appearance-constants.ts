/**
 * Appearance constants, types and theme helpers without zod, so the public site's first bundle stays small.
 * The schemas that validate these shapes are in appearance.ts.
 */

/**
 * A link a menu item or notice may point at: an internal path (a single `/` followed by neither `/` nor `\`, as
 * browsers read `//evil` and `/\evil` as another host, and no spaces or control characters, which they strip),
 * or an absolute http(s) or mailto address.
 */
const hasControlOrSpace = (v: string) => [...v].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c));
export const isUrl = (v: string) => {
  if (hasControlOrSpace(v) || v.includes('\\')) return false;
  if (v.startsWith('/')) return v.length === 1 || v[1] !== '/';
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:';
  } catch {
    return false;
  }
};

export interface MenuItem {
  id: string;
  label: string;
  icon?: string | null;
  type: string;
  action: string;
  target: '_self' | '_blank';
  roles: number[];
  permissions: string[];
}
export interface Menu { id: string; name: string; positions: MenuPosition[]; items: MenuItem[] }
export interface Theme { id: number; name: string; is_dark: boolean; default_light: boolean; default_dark: boolean; colors: Record<string, string> }
export interface HomepageAction { label: string; type: string; action: string; target: '_self' | '_blank' }
export interface HomepageAppearance {
  headerTitle: string;
  headerSubtitle: string;
  headerImage: string;
  blurHeaderImage: boolean;
  headerImageOpacity: number;
  headerOverlayColor1: string;
  headerOverlayColor2: string;
  footerTitle: string;
  footerSubtitle: string;
  footerImage: string;
  pricingTitle: string;
  pricingSubtitle: string;
  actions: { cta1: HomepageAction; cta2: HomepageAction; cta3: HomepageAction };
  primaryFeatures: { image: string; title: string; subtitle: string }[];
  secondaryFeatures: { image: string; title: string; subtitle: string; description: string }[];
}

/** Hex colour: 3 or 6 digits, 4 or 8 with alpha. */
export const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The 14 swatches offered next to every colour input. */
export const COLOR_PRESETS = [
  '#000000', '#ffffff', '#f44336', '#e91e63', '#9c27b0', '#673ab7', '#3f51b5',
  '#2196f3', '#00bcd4', '#009688', '#4caf50', '#ffeb3b', '#ff9800', '#795548',
] as const;

/** Generated ids: menu items 6 characters, menus 10. */
export function randomId(length: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
}
export const MENU_ITEM_ID_LENGTH = 6;
export const MENU_ID_LENGTH = 10;

/** A random id that none of `taken` has (menus and their items must have unique ids). */
export function freshId(length: number, taken: Iterable<string>): string {
  const used = new Set(taken);
  let id = randomId(length);
  while (used.has(id)) id = randomId(length);
  return id;
}

/** Every item id of these menus. */
export const menuItemIds = (menus: readonly Menu[]) => menus.flatMap((m) => m.items.map((i) => i.id));

/**
 * The menus with a fresh id for each menu or item whose id came earlier (saved before ids had to be unique), so
 * they can be edited and saved again; menus without repeats come back as they are.
 */
export function withUniqueMenuIds(menus: Menu[]): Menu[] {
  const menuIds = new Set<string>();
  const itemIds = new Set<string>();
  const all = new Set([...menus.map((m) => m.id), ...menuItemIds(menus)]);
  const unique = (id: string, seen: Set<string>, length: number) => {
    const next = seen.has(id) ? freshId(length, all) : id;
    seen.add(next);
    all.add(next);
    return next;
  };
  const out = menus.map((m) => ({
    ...m,
    id: unique(m.id, menuIds, MENU_ID_LENGTH),
    items: m.items.map((item) => ({ ...item, id: unique(item.id, itemIds, MENU_ITEM_ID_LENGTH) })),
  }));
  return JSON.stringify(out) === JSON.stringify(menus) ? menus : out;
}
/** Random theme id range. */
export const THEME_ID_MIN = 1;
export const THEME_ID_MAX = 10000;
export const randomThemeId = () => THEME_ID_MIN + Math.floor(Math.random() * (THEME_ID_MAX - THEME_ID_MIN + 1));

/** Routes that can be chosen as menu item targets (Part A section 2). */
export const MENU_ROUTES = [
  '/login', '/register', '/contact', '/billing/pricing', '/account-settings', '/admin', '/admin/appearance', '/admin/settings',
  '/admin/plans', '/admin/subscriptions', '/admin/users', '/admin/roles', '/admin/pages', '/admin/tags', '/admin/files',
  '/admin/localizations', '/admin/ads', '/admin/settings/authentication', '/admin/settings/branding', '/admin/settings/cache',
  '/admin/settings/providers', '/api-docs', '/lists', '/watchlist', '/admin/channels', '/admin/comments',
] as const;

/** Menu positions; the first five are the site's own, the rest come from the general configuration. */
export const MENU_POSITIONS = [
  'sidebar-primary', 'sidebar-secondary', 'mobile-bottom', 'landing-page-navbar', 'landing-page-footer',
  'admin-navbar', 'admin-sidebar', 'custom-page-navbar', 'auth-page-footer', 'auth-dropdown', 'account-settings-page',
  'billing-page', 'checkout-page-navbar', 'checkout-page-footer', 'pricing-table-page', 'contact-us-page',
  'notifications-page', 'footer', 'footer-secondary',
] as const;
export type MenuPosition = (typeof MENU_POSITIONS)[number];

/** Category item types: the action is the id (or slug) of a model of that kind. */
export const MENU_ITEM_CATEGORIES = [
  { type: 'custom_page', label: 'Custom pages', endpoint: 'custom-pages', path: '/pages/:slug' },
  { type: 'channel', label: 'Channels', endpoint: 'channel', path: '/channel/:slug' },
] as const;
export const MENU_ITEM_TYPES = ['link', 'route', ...MENU_ITEM_CATEGORIES.map((c) => c.type)] as [string, ...string[]];




/** Theme colour variables shown in the editor; `*-opacity` entries are kept but hidden from it. */
export const THEME_COLORS = [
  'bg', 'bg-alt', 'bg-elevated', 'text', 'text-muted', 'border', 'primary', 'primary-hover', 'on-primary', 'danger', 'success',
] as const;
export const THEME_OPACITIES = ['hover-opacity', 'selected-opacity'] as const;
export type ThemeColorName = (typeof THEME_COLORS)[number];

export const DEFAULT_LIGHT_COLORS: Record<string, string> = {
  bg: '#ffffff', 'bg-alt': '#f5f6f8', 'bg-elevated': '#ffffff', text: '#1a1c1f', 'text-muted': '#5d636b', border: '#dcdfe4',
  primary: '#2f5fd0', 'primary-hover': '#254db0', 'on-primary': '#ffffff', danger: '#c62828', success: '#1b7a3a',
  'hover-opacity': '0.05', 'selected-opacity': '0.1',
};
export const DEFAULT_DARK_COLORS: Record<string, string> = {
  bg: '#141518', 'bg-alt': '#1c1e22', 'bg-elevated': '#23262b', text: '#eceef1', 'text-muted': '#a2a8b1', border: '#363a41',
  primary: '#f06a6e', 'primary-hover': '#f58b8e', 'on-primary': '#15161a', danger: '#ff6b6b', success: '#5dd28a',
  'hover-opacity': '0.06', 'selected-opacity': '0.16',
};


export const DEFAULT_THEMES: Theme[] = [
  { id: 1, name: 'Light', is_dark: false, default_light: true, default_dark: false, colors: DEFAULT_LIGHT_COLORS },
  { id: 2, name: 'Dark', is_dark: true, default_light: false, default_dark: true, colors: DEFAULT_DARK_COLORS },
];

/** Applies the default rules when a theme is marked default for one mode. */
export function setThemeDefault(themes: Theme[], index: number, mode: 'light' | 'dark', on: boolean): Theme[] {
  return themes.map((t, i) => {
    if (i === index) return mode === 'light' ? { ...t, default_light: on, default_dark: on ? false : t.default_dark } : { ...t, default_dark: on, default_light: on ? false : t.default_light };
    if (!on) return t;
    return mode === 'light' ? { ...t, default_light: false } : { ...t, default_dark: false };
  });
}



export const DEFAULT_HOMEPAGE_APPEARANCE: HomepageAppearance = {
  headerTitle: 'Movies, series and more, all in one place',
  headerSubtitle: 'Watch anywhere. Cancel anytime.',
  headerImage: '',
  blurHeaderImage: false,
  headerImageOpacity: 1,
  headerOverlayColor1: '#0f172acc',
  headerOverlayColor2: '#1e3a8acc',
  footerTitle: 'Ready to start watching?',
  footerSubtitle: 'Create an account and start streaming today.',
  footerImage: '',
  pricingTitle: 'Choose the plan that is right for you',
  pricingSubtitle: 'Simple pricing, no hidden fees.',
  actions: {
    cta1: { label: 'Get started', type: 'route', action: '/register', target: '_self' },
    cta2: { label: 'Sign in', type: 'route', action: '/login', target: '_self' },
    cta3: { label: 'Join now', type: 'route', action: '/register', target: '_self' },
  },
  primaryFeatures: [
    { image: '', title: 'Watch on any device', subtitle: 'Stream on your phone, tablet, laptop and TV.' },
    { image: '', title: 'Thousands of titles', subtitle: 'Movies and series for every taste.' },
    { image: '', title: 'Create lists', subtitle: 'Keep track of what you want to watch next.' },
  ],
  secondaryFeatures: [
    { image: '', title: 'Discover', subtitle: 'Find your next favourite', description: 'Browse trending titles, read reviews and follow your favourite people.' },
  ],
};

export const DEFAULT_MENUS: Menu[] = [
  {
    id: 'primarymnu', name: 'Primary', positions: ['sidebar-primary', 'landing-page-navbar'],
    items: [
      { id: 'hm0001', label: 'Home', icon: 'home', type: 'link', action: '/', target: '_self', roles: [], permissions: [] },
      { id: 'mv0001', label: 'Movies', icon: 'film', type: 'link', action: '/movies', target: '_self', roles: [], permissions: [] },
      { id: 'sr0001', label: 'Series', icon: 'tv', type: 'link', action: '/series', target: '_self', roles: [], permissions: [] },
      { id: 'pp0001', label: 'People', icon: 'users', type: 'link', action: '/people', target: '_self', roles: [], permissions: [] },
      { id: 'nw0001', label: 'News', icon: null, type: 'link', action: '/news', target: '_self', roles: [], permissions: [] },
    ],
  },
  {
    id: 'footermenu', name: 'Footer', positions: ['landing-page-footer', 'footer'],
    items: [{ id: 'ft0001', label: 'Contact', icon: null, type: 'route', action: '/contact', target: '_self', roles: [], permissions: [] }],
  },
];

/** Branding image kinds that can be uploaded from the general section. */
export const BRANDING_IMAGES = ['favicon', 'logo_light', 'logo_dark', 'logo_light_mobile', 'logo_dark_mobile'] as const;
export const APPEARANCE_IMAGE_KINDS = [...BRANDING_IMAGES, 'image'] as const;
export type AppearanceImageKind = (typeof APPEARANCE_IMAGE_KINDS)[number];
export const FAVICON_MIN_SIZE = 512;
/** Sizes generated from the uploaded favicon. */
export const FAVICON_SIZES = [16, 32, 48, 180, 192, 512] as const;
export const APPEARANCE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Settings keys the appearance editor reads and writes. */
export const APPEARANCE_KEYS = [
  'client.homepage.appearance', 'client.homepage.trending', 'client.homepage.pricing',
  'client.menus', 'client.themes.all', 'client.themes.default_id', 'client.themes.user_change',
  'client.branding.site_name', 'client.branding.site_description', 'client.branding.favicon', 'client.branding.logo_light', 'client.branding.logo_dark',
  'client.branding.logo_light_mobile', 'client.branding.logo_dark_mobile', 'client.custom_code.css', 'client.custom_code.html',
] as const;
export type AppearanceKey = (typeof APPEARANCE_KEYS)[number];


/** SEO: page keys and their stored templates. */
export const SEO_PAGE_KEYS = ['landing', 'title', 'season', 'episode', 'watch', 'person', 'news-article'] as const;
export type SeoPageKey = (typeof SEO_PAGE_KEYS)[number];
export interface SeoTagsEntry { original: string; custom: string | null }

/** Messages the appearance editor sends to the preview window. */
export type PreviewMessage =
  | { source: 'appearance-editor'; type: 'navigate'; path: string }
  | { source: 'appearance-editor'; type: 'setValues'; values: Record<string, unknown> }
  | { source: 'appearance-editor'; type: 'setThemeColor'; themeId: number; name: string; value: string }
  | { source: 'appearance-editor'; type: 'setActiveTheme'; themeId: number | null }
  | { source: 'appearance-editor'; type: 'setCustomCode'; css?: string; html?: string }
  | { source: 'appearance-editor'; type: 'highlight'; selector: string | null };

/** CSS custom properties of one theme (the `--be-*` variables the whole web app is styled with). */
/** A theme's colours: its own over the defaults of its kind. */
export function themeColors(theme: Pick<Theme, 'colors' | 'is_dark'>): Record<string, string> {
  return { ...(theme.is_dark ? DEFAULT_DARK_COLORS : DEFAULT_LIGHT_COLORS), ...theme.colors };
}

export function themeVariables(theme: Pick<Theme, 'colors' | 'is_dark'>): string {
  const c = themeColors(theme);
  const vars = THEME_COLORS.map((name) => `--be-${name}:${c[name]};`);
  const pct = (name: string) => `${Math.round(Number(c[name]) * 100)}%`;
  vars.push(`--be-hover:color-mix(in srgb,var(--be-text) ${pct('hover-opacity')},transparent);`);
  vars.push(`--be-selected:color-mix(in srgb,var(--be-primary) ${pct('selected-opacity')},transparent);`);
  vars.push(`color-scheme:${theme.is_dark ? 'dark' : 'light'};`);
  return vars.join('');
}

/** The themes that apply when following the system: the default light and default dark ones. */
export function systemThemes(themes: Theme[]): { light: Theme; dark: Theme } {
  const light = themes.find((t) => t.default_light) ?? themes.find((t) => !t.is_dark) ?? themes[0];
  const dark = themes.find((t) => t.default_dark) ?? themes.find((t) => t.is_dark) ?? light;
  return { light, dark };
}

/** The themes a visitor sees: a chosen one (the visitor's pick or themes.default_id) in both modes, else the system's. */
export function visitorThemes(themes: Theme[], defaultId: number, chosenId?: number | null): { light: Theme; dark: Theme } {
  const fixed = themes.find((t) => t.id === chosenId) ?? (defaultId ? themes.find((t) => t.id === defaultId) : undefined);
  return fixed ? { light: fixed, dark: fixed } : systemThemes(themes);
}

/**
 * The theme style sheet: a chosen theme (the visitor's pick or themes.default_id) applies always;
 * default_id 0 follows the system's light or dark preference.
 */
export function themeStyleSheet(themes: Theme[], defaultId: number, chosenId?: number | null): string {
  const { light, dark } = visitorThemes(themes, defaultId, chosenId);
  if (light === dark) return `:root{${themeVariables(light)}}`;
  return `:root{${themeVariables(light)}}@media (prefers-color-scheme: dark){:root{${themeVariables(dark)}}}`;
}
export const THEME_COOKIE = 'be_theme';
