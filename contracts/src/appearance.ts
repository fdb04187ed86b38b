import { z } from './zod.ts';
import { PERMISSION_NAMES } from './permissions.ts';
import { translate } from './i18n.ts';
import { HEX_COLOR, MENU_ITEM_TYPES, MENU_POSITIONS, THEME_ID_MAX, THEME_ID_MIN, MENU_ROUTES, isUrl } from './appearance-constants.ts';

export * from './appearance-constants.ts';

/** Schemas of the appearance values; the constants and types live in appearance-constants.ts. */
export const hexColorSchema = z.string().regex(HEX_COLOR, 'Enter a valid hex colour, for example #1e88e5.');

/**
 * What is wrong with a filled-in action of a menu item or a landing-page button: a link must be a safe URL and a
 * route one of the routes offered, so neither can point a visitor at `javascript:` or another host in disguise.
 */
function actionError({ type, action }: { type: string; action: string }): string | null {
  if (type === 'link' && !isUrl(action)) return 'Enter a valid URL.';
  if (type === 'route' && !(MENU_ROUTES as readonly string[]).includes(action)) return 'Choose a route.';
  return null;
}

export const menuItemSchema = z.object({
  id: z.string().min(1).max(20),
  label: z.string().trim().max(100).default(''),
  icon: z.string().max(60).nullish(),
  type: z.enum(MENU_ITEM_TYPES),
  action: z.string().trim().max(500).default(''),
  target: z.enum(['_self', '_blank']).default('_self'),
  roles: z.array(z.number().int()).default([]),
  permissions: z.array(z.string().max(100).refine((n) => PERMISSION_NAMES.has(n), 'Unknown permission.')).default([]),
}).superRefine((item, ctx) => {
  const message = item.action ? actionError(item) : item.type === 'link' ? 'Enter a URL.' : 'Choose an item.';
  if (message) ctx.addIssue({ code: 'custom', path: ['action'], message });
  if (item.type === 'link' && !item.label) ctx.addIssue({ code: 'custom', path: ['label'], message: 'Enter a label.' });
});

export const menuSchema = z.object({
  id: z.string().min(1).max(20),
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  positions: z.array(z.enum(MENU_POSITIONS)).default([]),
  items: z.array(menuItemSchema).max(100).default([]),
}).superRefine((menu, ctx) => {
  // The site keys a menu's rendered items by id: a repeated one makes React drop or mix up items.
  const seen = new Set<string>();
  menu.items.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: 'Menu item ids must be unique.' });
    seen.add(item.id);
  });
});

/**
 * All menus: ids unique, and item ids unique across menus too, as the menus placed in one position render as one
 * list keyed by item id (MenuPosition.tsx).
 */
export const menusSchema = z.array(menuSchema).max(50).superRefine((menus, ctx) => {
  const menuIds = new Set<string>();
  const itemMenu = new Map<string, number>();
  menus.forEach((menu, m) => {
    if (menuIds.has(menu.id)) ctx.addIssue({ code: 'custom', path: [m, 'id'], message: 'Menu ids must be unique.' });
    menuIds.add(menu.id);
    menu.items.forEach((item, i) => {
      const owner = itemMenu.get(item.id);
      // Repeats inside one menu are that menu's own error (menuSchema).
      if (owner !== undefined && owner !== m) ctx.addIssue({ code: 'custom', path: [m, 'items', i, 'id'], message: 'Menu item ids must be unique.' });
      if (owner === undefined) itemMenu.set(item.id, m);
    });
  });
});

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

/** An uploaded image's address (or a typed one): empty, a site path or an http(s) URL. */
export const imageUrlSchema = z.string().max(500).refine((v) => v === '' || isUrl(v), 'Enter a valid URL.');
const ctaSchema = z.object({
  label: z.string().trim().max(100).default(''),
  type: z.enum(MENU_ITEM_TYPES).default('route'),
  action: z.string().trim().max(500).default(''),
  target: z.enum(['_self', '_blank']).default('_self'),
}).superRefine((c, ctx) => {
  // An empty action hides the button.
  const message = c.action ? actionError(c) : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['action'], message });
});

export const homepageAppearanceSchema = z.object({
  headerTitle: z.string().max(200).default(''),
  headerSubtitle: z.string().max(500).default(''),
  headerImage: imageUrlSchema.default(''),
  blurHeaderImage: z.boolean().default(false),
  headerImageOpacity: z.number().min(0, 'Opacity must be between 0 and 1.').max(1, 'Opacity must be between 0 and 1.')
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'Opacity goes in steps of 0.1.'),
  headerOverlayColor1: hexColorSchema.or(z.literal('')).default(''),
  headerOverlayColor2: hexColorSchema.or(z.literal('')).default(''),
  footerTitle: z.string().max(200).default(''),
  footerSubtitle: z.string().max(500).default(''),
  footerImage: imageUrlSchema.default(''),
  pricingTitle: z.string().max(200).default(''),
  pricingSubtitle: z.string().max(500).default(''),
  actions: z.object({ cta1: ctaSchema, cta2: ctaSchema, cta3: ctaSchema }),
  primaryFeatures: z.array(z.object({ image: imageUrlSchema.default(''), title: z.string().max(200).default(''), subtitle: z.string().max(500).default('') })).max(12),
  secondaryFeatures: z.array(z.object({
    image: imageUrlSchema.default(''), title: z.string().max(200).default(''), subtitle: z.string().max(500).default(''), description: z.string().max(2000).default(''),
  })).max(12),
});

/** POST admin/appearance: only the changed keys. */
export const appearanceChangesSchema = z.object({ changes: z.record(z.string(), z.unknown()) })
  .meta({ examples: [{ changes: { 'client.branding.site_name': 'My films', 'client.custom_code.css': 'body { letter-spacing: .01em; }' } }] });

/**
 * What would break every page using an SEO template, found before it is saved: a placeholder left open
 * (`{{ title.name`, printed as text) and a <title>, <script> or <style> without its end tag, which swallows the rest
 * of the page's head (the title vanishes from the tab and from search results).
 */
export function seoTemplateError(tags: string): string | null {
  // Only an opening brace pair: JSON-LD ends its nested objects with a plain `}}`.
  if (tags.replace(/\{\{\s*(json\s+)?[\w.-]+\s*\}\}/g, '').includes('{{')) return translate(undefined, 'Write each placeholder as {{name}}, closed with }}.');
  for (const tag of ['title', 'script', 'style']) {
    const opens = tags.match(new RegExp(`<${tag}[\\s>]`, 'gi'))?.length ?? 0;
    const closes = tags.match(new RegExp(`</${tag}\\s*>`, 'gi'))?.length ?? 0;
    if (opens !== closes) return translate(undefined, 'Close each <:tag> with </:tag>.', { tag });
  }
  return null;
}

/** What an SEO template may hold from an editor who is not an administrator: the tags a page's head needs for SEO. */
const SEO_ELEMENTS = new Map<string, { attrs: readonly string[]; ok?: (attrs: Map<string, string>) => boolean }>([
  ['title', { attrs: [] }],
  ['meta', { attrs: ['name', 'property', 'itemprop', 'content'], ok: (a) => a.has('name') || a.has('property') || a.has('itemprop') }],
  ['link', { attrs: ['rel', 'href', 'hreflang', 'type', 'title', 'media', 'sizes'], ok: (a) => ['canonical', 'alternate', 'prev', 'next'].includes((a.get('rel') ?? '').trim().toLowerCase()) }],
  ['script', { attrs: ['type'], ok: (a) => (a.get('type') ?? '').trim().toLowerCase() === 'application/ld+json' }],
]);
const SEO_TAG = /^<(\/?)([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/i;
const SEO_ATTR = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/**
 * The first piece of markup of an SEO template that is not one of the tags a head needs for SEO (title, meta with
 * a name or property, link rel canonical or alternate, a JSON-LD script), as `<meta http-equiv>`, or null. A
 * `<meta http-equiv="refresh">` or `<base>` would send every page elsewhere: only administrators, who may add any
 * HTML to the site, may write other markup.
 */
export function seoTemplateMarkup(tags: string): string | null {
  let at = tags.indexOf('<');
  while (at >= 0) {
    const m = SEO_TAG.exec(tags.slice(at));
    if (!m) return tags.slice(at, at + 20).split(/[\s>]/, 1)[0] || '<';
    const [whole, closing, rawName, rawAttrs] = m;
    const name = rawName.toLowerCase();
    const element = SEO_ELEMENTS.get(name);
    if (!element) return `<${closing}${name}>`;
    if (!closing) {
      const attrs = new Map([...rawAttrs.matchAll(SEO_ATTR)].map((a) => [a[1].toLowerCase(), (a[2] ?? '').replace(/^["']|["']$/g, '')]));
      const foreign = [...attrs.keys()].find((a) => !element.attrs.includes(a));
      if (foreign) return `<${name} ${foreign}>`;
      if (element.ok && !element.ok(attrs)) return `<${name}${rawAttrs}>`;
    }
    let next = at + whole.length;
    // A title's and a script's text runs to their end tag (a `<` in it is text).
    if (!closing && (name === 'title' || name === 'script')) {
      const end = tags.slice(next).search(new RegExp(`</${name}\\s*>`, 'i'));
      if (end >= 0) next += end;
    }
    at = tags.indexOf('<', next);
  }
  return null;
}

export const seoTagsSchema = z.object({
  tags: z.string().max(20000).superRefine((v, ctx) => {
    const message = seoTemplateError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
})
  // A title page's template: its placeholders are those the title page fills (seoPlaceholders('title')).
  .meta({ examples: [{ tags: '<title>{{title.name}} - {{site_name}}</title>\n<meta name="description" content="{{title.description}}">' }] });
