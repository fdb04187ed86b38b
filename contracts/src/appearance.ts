import { z } from 'zod';

/** Hex colour: 3 or 6 digits, 4 or 8 with alpha. */
export const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const hexColorSchema = z.string().regex(HEX_COLOR, 'Enter a valid hex colour, for example #1e88e5.');

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
export const MENU_ITEM_CATEGORIES = [{ type: 'custom_page', label: 'Custom pages', endpoint: 'custom-pages', path: '/pages/:slug' }] as const;
export const MENU_ITEM_TYPES = ['link', 'route', ...MENU_ITEM_CATEGORIES.map((c) => c.type)] as [string, ...string[]];

const isUrl = (v: string) => {
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:';
  } catch {
    return false;
  }
};

export const menuItemSchema = z.object({
  id: z.string().min(1).max(20),
  label: z.string().trim().max(100).default(''),
  icon: z.string().max(60).nullish(),
  type: z.enum(MENU_ITEM_TYPES),
  action: z.string().trim().max(500).default(''),
  target: z.enum(['_self', '_blank']).default('_self'),
  roles: z.array(z.number().int()).default([]),
  permissions: z.array(z.string().max(100)).default([]),
}).superRefine((item, ctx) => {
  if (!item.action) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: item.type === 'link' ? 'Enter a URL.' : 'Choose an item.' });
  } else if (item.type === 'link' && !isUrl(item.action)) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: 'Enter a valid URL.' });
  } else if (item.type === 'route' && !(MENU_ROUTES as readonly string[]).includes(item.action)) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: 'Choose a route.' });
  }
  if (item.type === 'link' && !item.label) ctx.addIssue({ code: 'custom', path: ['label'], message: 'Enter a label.' });
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.string().min(1).max(20),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  positions: z.array(z.enum(MENU_POSITIONS)).default([]),
  items: z.array(menuItemSchema).max(100).default([]),
});
export type Menu = z.infer<typeof menuSchema>;

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
  primary: '#7aa2ff', 'primary-hover': '#9bb9ff', 'on-primary': '#0c1226', danger: '#ff6b6b', success: '#5dd28a',
  'hover-opacity': '0.06', 'selected-opacity': '0.16',
};

const themeColorsSchema = z.record(z.string().regex(/^[a-z-]{1,40}$/), z.string()).superRefine((colors, ctx) => {
  for (const [name, value] of Object.entries(colors)) {
    const ok = name.endsWith('-opacity') ? /^(0(\.\d+)?|1(\.0+)?)$/.test(value) : HEX_COLOR.test(value);
    if (!ok) ctx.addIssue({ code: 'custom', path: [name], message: name.endsWith('-opacity') ? 'Enter a number between 0 and 1.' : 'Enter a valid hex colour, for example #1e88e5.' });
  }
});

export const themeSchema = z.object({
  id: z.number().int().min(THEME_ID_MIN).max(THEME_ID_MAX),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  is_dark: z.boolean().default(false),
  default_light: z.boolean().default(false),
  default_dark: z.boolean().default(false),
  colors: themeColorsSchema,
});
export type Theme = z.infer<typeof themeSchema>;

/** Theme rules: at least one; ids unique; at most one default for light and one for dark; one theme is not both. */
export const themesSchema = z.array(themeSchema).min(1, 'At least one theme is required').max(50).superRefine((themes, ctx) => {
  const ids = new Set<number>();
  themes.forEach((t, i) => {
    if (ids.has(t.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Theme ids must be unique.' });
    ids.add(t.id);
    if (t.default_light && t.default_dark) ctx.addIssue({ code: 'custom', path: [i, 'default_dark'], message: 'A theme is the default for light or for dark, not both.' });
  });
  if (themes.filter((t) => t.default_light).length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'Only one theme can be the default for light mode.' });
  if (themes.filter((t) => t.default_dark).length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'Only one theme can be the default for dark mode.' });
});

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

const imageUrl = z.string().max(500).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.');
const ctaSchema = z.object({
  label: z.string().trim().max(100).default(''),
  type: z.enum(MENU_ITEM_TYPES).default('route'),
  action: z.string().trim().max(500).default(''),
  target: z.enum(['_self', '_blank']).default('_self'),
}).superRefine((c, ctx) => {
  if (c.action && c.type === 'link' && !isUrl(c.action)) ctx.addIssue({ code: 'custom', path: ['action'], message: 'Enter a valid URL.' });
});
export type HomepageAction = z.infer<typeof ctaSchema>;

export const homepageAppearanceSchema = z.object({
  headerTitle: z.string().max(200).default(''),
  headerSubtitle: z.string().max(500).default(''),
  headerImage: imageUrl.default(''),
  blurHeaderImage: z.boolean().default(false),
  headerImageOpacity: z.number().min(0, 'Opacity must be between 0 and 1.').max(1, 'Opacity must be between 0 and 1.')
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'Opacity goes in steps of 0.1.'),
  headerOverlayColor1: hexColorSchema.or(z.literal('')).default(''),
  headerOverlayColor2: hexColorSchema.or(z.literal('')).default(''),
  footerTitle: z.string().max(200).default(''),
  footerSubtitle: z.string().max(500).default(''),
  footerImage: imageUrl.default(''),
  pricingTitle: z.string().max(200).default(''),
  pricingSubtitle: z.string().max(500).default(''),
  actions: z.object({ cta1: ctaSchema, cta2: ctaSchema, cta3: ctaSchema }),
  primaryFeatures: z.array(z.object({ image: imageUrl.default(''), title: z.string().max(200).default(''), subtitle: z.string().max(500).default('') })).max(12),
  secondaryFeatures: z.array(z.object({
    image: imageUrl.default(''), title: z.string().max(200).default(''), subtitle: z.string().max(500).default(''), description: z.string().max(2000).default(''),
  })).max(12),
});
export type HomepageAppearance = z.infer<typeof homepageAppearanceSchema>;

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
    items: [{ id: 'hm0001', label: 'Home', icon: 'home', type: 'link', action: '/', target: '_self', roles: [], permissions: [] }],
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

/** POST admin/appearance: only the changed keys. */
export const appearanceChangesSchema = z.object({ changes: z.record(z.string(), z.unknown()) });

/** SEO: page keys and their stored templates. */
export const SEO_PAGE_KEYS = ['landing', 'title', 'season', 'episode', 'watch', 'person', 'news-article'] as const;
export type SeoPageKey = (typeof SEO_PAGE_KEYS)[number];
export const seoTagsSchema = z.object({ tags: z.string().max(20000) });
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
export function themeVariables(theme: Pick<Theme, 'colors' | 'is_dark'>): string {
  const c = { ...(theme.is_dark ? DEFAULT_DARK_COLORS : DEFAULT_LIGHT_COLORS), ...theme.colors };
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

/**
 * The theme style sheet: a chosen theme (the visitor's pick or themes.default_id) applies always;
 * default_id 0 follows the system's light or dark preference.
 */
export function themeStyleSheet(themes: Theme[], defaultId: number, chosenId?: number | null): string {
  const fixed = themes.find((t) => t.id === chosenId) ?? (defaultId ? themes.find((t) => t.id === defaultId) : undefined);
  if (fixed) return `:root{${themeVariables(fixed)}}`;
  const { light, dark } = systemThemes(themes);
  return `:root{${themeVariables(light)}}@media (prefers-color-scheme: dark){:root{${themeVariables(dark)}}}`;
}
export const THEME_COOKIE = 'be_theme';
