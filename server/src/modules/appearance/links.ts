import { withUniqueMenuIds, type HomepageAction, type HomepageAppearance, type MENU_ITEM_CATEGORIES, type Menu } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { findPageBySlug } from '../custom-pages/repository.ts';
import { findChannel } from '../channels/repository.ts';
import { registerSettingsValidator } from '../settings/validators.ts';

/** A menu item category whose action is a model's slug: a custom page or a channel. */
type Category = (typeof MENU_ITEM_CATEGORIES)[number]['type'];

/**
 * Menu items and the landing page's buttons of a category (a custom page, a channel) name their model by slug: a
 * renamed one keeps its links (`to` its new slug); a deleted one takes its menu items along and leaves its buttons
 * without a target, which hides them (`to` null), instead of leaving visitors a link to a 404. A plain link the
 * operator typed stays as typed.
 */
export async function followSlugInLinks(ctx: AppContext, type: Category, from: ReadonlySet<string>, to: string | null): Promise<void> {
  const points = (item: Pick<Menu['items'][number], 'type' | 'action'>) => item.type === type && from.has(item.action);
  const menus = await ctx.settings.get('client.menus');
  const landing = await ctx.settings.get('client.homepage.appearance');
  const buttons = Object.entries(landing.actions) as [keyof HomepageAppearance['actions'], HomepageAction][];
  const changes: Parameters<AppContext['settings']['set']>[0] = {};
  if (menus.some((m) => m.items.some(points))) {
    const follow = (items: Menu['items']) => (to === null ? items.filter((i) => !points(i)) : items.map((i) => (points(i) ? { ...i, action: to } : i)));
    // Menus saved before their ids had to be unique would fail the schema and keep the dead link.
    changes['client.menus'] = withUniqueMenuIds(menus.map((m) => ({ ...m, items: follow(m.items) })));
  }
  if (buttons.some(([, b]) => points(b))) {
    const actions = Object.fromEntries(buttons.map(([k, b]) => [k, points(b) ? { ...b, action: to ?? '' } : b])) as HomepageAppearance['actions'];
    changes['client.homepage.appearance'] = { ...landing, actions };
  }
  if (Object.keys(changes).length) await ctx.settings.set(changes);
}

/** Whether a model of a category has this slug now (a channel may be named by id too, as its page is). */
const TARGET_EXISTS: Record<Category, (ctx: AppContext, slug: string) => Promise<boolean>> = {
  custom_page: async (ctx, slug) => Boolean(await findPageBySlug(ctx.db, slug)),
  channel: async (ctx, slug) => (await findChannel(ctx.db, slug))?.type === 'channel',
};
const MISSING_TARGET: Record<Category, string> = { custom_page: 'No custom page has this slug.', channel: 'No channel has this slug.' };

type Linking = Pick<Menu['items'][number], 'type' | 'action'>;
const isCategory = (type: string): type is Category => Object.hasOwn(TARGET_EXISTS, type);

/** Every menu item and landing button of a category with a target, by its field path in the appearance values. */
function categoryLinks(values: { menus?: Menu[]; landing?: HomepageAppearance }): [string, Linking & { type: Category }][] {
  const out: [string, Linking & { type: Category }][] = [];
  const add = (field: string, link: Linking) => { if (isCategory(link.type) && link.action) out.push([field, link as Linking & { type: Category }]); };
  values.menus?.forEach((m, mi) => m.items.forEach((item, i) => add(`client.menus.${mi}.items.${i}.action`, item)));
  for (const [key, button] of Object.entries(values.landing?.actions ?? {})) add(`client.homepage.appearance.actions.${key}.action`, button);
  return out;
}

/**
 * Field errors for the menu items and landing buttons about to be saved that name a custom page or channel no
 * longer (or never) there: visitors would get a link to a 404. Links already saved are left alone (a model
 * deleted since took them along, see followSlugInLinks), so older values never block an unrelated save.
 */
export async function missingLinkTargets(ctx: AppContext, next: { menus?: Menu[]; landing?: HomepageAppearance }): Promise<Map<string, string>> {
  const saved = categoryLinks({ menus: await ctx.settings.get('client.menus'), landing: await ctx.settings.get('client.homepage.appearance') });
  const known = new Set(saved.map(([, l]) => `${l.type}\n${l.action}`));
  const checked = new Map<string, boolean>();
  const errors = new Map<string, string>();
  for (const [field, link] of categoryLinks(next)) {
    const id = `${link.type}\n${link.action}`;
    if (known.has(id)) continue;
    if (!checked.has(id)) checked.set(id, await TARGET_EXISTS[link.type](ctx, link.action));
    if (!checked.get(id)) errors.set(field, MISSING_TARGET[link.type]);
  }
  return errors;
}

/**
 * The general settings call (POST settings) writes menus and the landing page too: it refuses the same links to a
 * custom page or channel that is not there. Registered per app, as the check reads its database.
 */
export function checkLinkTargetsOnSettingsSave(ctx: AppContext): void {
  registerSettingsValidator('client.menus', ['client.menus', 'client.homepage.appearance'], async (read) => {
    const missing = await missingLinkTargets(ctx, { menus: read('client.menus'), landing: read('client.homepage.appearance') });
    const [first] = missing.values();
    return first;
  });
}
