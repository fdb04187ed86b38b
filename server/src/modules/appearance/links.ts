import type { HomepageAction, HomepageAppearance, MENU_ITEM_CATEGORIES, Menu } from '@app/contracts';
import type { AppContext } from '../../context.ts';

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
    changes['client.menus'] = menus.map((m) => ({ ...m, items: follow(m.items) }));
  }
  if (buttons.some(([, b]) => points(b))) {
    const actions = Object.fromEntries(buttons.map(([k, b]) => [k, points(b) ? { ...b, action: to ?? '' } : b])) as HomepageAppearance['actions'];
    changes['client.homepage.appearance'] = { ...landing, actions };
  }
  if (Object.keys(changes).length) await ctx.settings.set(changes);
}
