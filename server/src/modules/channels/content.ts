import { ITEM_TYPE_OF_MODEL, NESTED_ITEMS, type Channel, type ChannelContent, type ChannelItem, type ChannelItemType, type ChannelWithContent } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { findChannels } from './repository.ts';
import { loaderForItemType, modelLoader, sortOf } from './loaders.ts';
import { withPlayTargets } from './play-targets.ts';
import { readCounter } from '../../db/versions.ts';

/**
 * Manual and auto-update channels change only through writes that bump `version`, and what their cards show of each
 * item only through writes that bump CARDS_COUNTER (migration 0043), so their pages are cached under a key holding
 * both and never go stale. listAll follows the whole catalogue, so its pages live one minute.
 */
const STORED_TTL = 600;
const LIST_ALL_TTL = 60;
const CARDS_COUNTER = 'version:catalogue-cards';

const empty = (page: number, perPage: number): ChannelContent => ({ current_page: page, per_page: perPage, total: 0, last_page: 1, data: [] });

/**
 * A manual channel's page in its content order: as placed for 'manual', else sorted by the items' own column (ties
 * as placed). An auto-update channel keeps the order its update ranked the items in.
 */
function storedRows(ctx: AppContext, channel: Channel, offset: number, limit: number) {
  let q = ctx.db.selectFrom('channelables').select(['channelables.channelable_type', 'channelables.channelable_id'])
    .where('channelables.channel_id', '=', channel.id);
  const { contentType, contentModel, contentOrder } = channel.config;
  const itemType = ITEM_TYPE_OF_MODEL.get(contentModel);
  const sortable = contentType === 'manual' && contentOrder !== 'manual' && itemType ? loaderForItemType(itemType)?.sortable : undefined;
  if (sortable && itemType) {
    const [column, dir] = sortOf(sortable.sorts, contentOrder);
    q = q.innerJoin(sortable.table as 'titles', `${sortable.table}.id` as 'titles.id', 'channelables.channelable_id')
      .where('channelables.channelable_type', '=', itemType).orderBy(column as 'titles.name', dir);
  }
  return q.orderBy('channelables.order').orderBy('channelables.id').limit(limit).offset(offset).execute();
}

async function storedItems(ctx: AppContext, channel: Channel, offset: number, limit: number): Promise<ChannelItem[]> {
  const rows = await storedRows(ctx, channel, offset, limit);
  const byType = new Map<ChannelItemType, number[]>();
  for (const r of rows) byType.set(r.channelable_type, [...(byType.get(r.channelable_type) ?? []), Number(r.channelable_id)]);
  const loaded = new Map<string, ChannelItem>();
  await Promise.all([...byType].map(async ([type, ids]) => {
    const loader = loaderForItemType(type);
    if (!loader) return;
    for (const [id, item] of await loader.byIds(ctx.db, ids)) loaded.set(`${type}:${id}`, item);
  }));
  return rows.map((r) => loaded.get(`${r.channelable_type}:${Number(r.channelable_id)}`)).filter((x): x is ChannelItem => Boolean(x));
}

async function compute(ctx: AppContext, channel: Channel, page: number, perPage: number): Promise<ChannelContent> {
  const offset = (page - 1) * perPage;
  if (channel.config.contentType === 'listAll') {
    const loader = modelLoader(channel.config.contentModel);
    if (!loader) return empty(page, perPage);
    const { items, total } = await loader.page(ctx.db, channel.config, offset, perPage, channel.id);
    return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), data: await withPlayTargets(ctx.db, channel, items) };
  }
  const data = await withPlayTargets(ctx.db, channel, await storedItems(ctx, channel, offset, perPage));
  const total = channel.items_count;
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), data };
}

/**
 * One page of a channel's own items (nested channels not expanded), cached per channel version and `cards` (the
 * CARDS_COUNTER value, read once per request by the caller).
 */
async function channelItems(ctx: AppContext, channel: Channel, page: number, perPage: number, cards: number): Promise<ChannelContent> {
  const listAll = channel.config.contentType === 'listAll';
  const key = `channel:${channel.id}:v${channel.version}:c${cards}:${page}:${perPage}`;
  return ctx.cache.remember(key, listAll ? LIST_ALL_TTL : STORED_TTL, () => compute(ctx, channel, page, perPage));
}

/** Whether a visitor opening the channel finds anything in it (the sitemap leaves out the empty ones). */
export async function channelHasContent(ctx: AppContext, channel: Channel): Promise<boolean> {
  return (await channelItems(ctx, channel, 1, 1, await readCounter(ctx.db, CARDS_COUNTER))).total > 0;
}

/**
 * What of a (cached, shared) page the caller may see: a channel of a model the caller's role may not view (titles
 * without titles.view...) shows nothing, with a total of 0 so its paging stays consistent; a stray item of another
 * type (left from before a change of content model) is dropped too.
 */
function viewable(channel: Channel, content: ChannelContent, mayView: (type: ChannelItemType) => boolean): ChannelContent {
  const type = ITEM_TYPE_OF_MODEL.get(channel.config.contentModel);
  if (type && !mayView(type)) return empty(content.current_page, content.per_page);
  return content.data.every((i) => mayView(i.model_type)) ? content : { ...content, data: content.data.filter((i) => mayView(i.model_type)) };
}

/**
 * A channel with a page of its items (only of the types `mayView` allows); nested channels come with their config and first items (one level deep,
 * each from its own cache entry, so editing a row refreshes the home page without touching the home channel).
 * A private nested channel is left out unless `showPrivate` (a channel manager, whose editor lists every item):
 * its own page is a 404 to everybody else, so a row of it on the home page would show what it hides.
 */
export async function channelWithContent(
  ctx: AppContext, channel: Channel, page: number, perPage: number, showPrivate: boolean, mayView: (type: ChannelItemType) => boolean,
): Promise<ChannelWithContent> {
  const cards = await readCounter(ctx.db, CARDS_COUNTER);
  const content = viewable(channel, await channelItems(ctx, channel, page, perPage, cards), mayView);
  const nestedIds = content.data.filter((i) => i.model_type === 'channel').map((i) => i.id);
  if (!nestedIds.length) return { ...channel, content };
  const nested = await findChannels(ctx.db, nestedIds);
  const expanded = await Promise.all(content.data.map(async (item): Promise<ChannelItem | null> => {
    if (item.model_type !== 'channel') return item;
    const child = nested.get(item.id);
    if (!child || (!child.public && !showPrivate)) return null;
    const rowContent = viewable(child, await channelItems(ctx, child, 1, NESTED_ITEMS, cards), mayView);
    return { ...item, name: child.name, slug: child.slug, config: child.config, content: rowContent };
  }));
  return { ...channel, content: { ...content, data: expanded.filter((x): x is ChannelItem => x !== null) } };
}
