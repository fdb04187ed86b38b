import { ITEM_TYPE_OF_MODEL, slugify, translate, type Channel, type ChannelBody, type ChannelConfig, type ChannelItemRef } from '@app/contracts';
import { onDuplicate } from '../../db/errors.ts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { HttpError, notFound, stillThere } from '../../http/errors.ts';
import { autoUpdateChannel } from './auto-update.ts';
import { loaderForItemType } from './loaders.ts';
import { findChannel, nestedChannelIds, slugTaken } from './repository.ts';
import { lockChannel, touchChannel } from './touch.ts';
import type { CountGuard } from '../roles/count-limit.ts';
import { firstFreeSlug, writeWithSlug } from '../../lib/free-slug.ts';
import { followSlugInLinks } from '../appearance/links.ts';

const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });
const slugInUse = () => invalid('slug', 'This slug is already in use.');

/** A slug made from the name when none is given: ASCII, 3–20 characters, made unique with a number. */
async function deriveSlug(db: Db, name: string, exceptId?: number): Promise<string> {
  let base = slugify(name).replace(/[^a-z0-9_-]/g, '').slice(0, 16).replace(/-+$/, '');
  if (base.length < 3) base = `channel${base ? `-${base}` : ''}`.slice(0, 16);
  const slug = await firstFreeSlug(base, 20, (s) => slugTaken(db, s, exceptId));
  if (!slug) throw slugInUse();
  return slug;
}

/** Every manual item must exist and be of the channel's model; a channel may not reach itself through nesting. */
async function checkItems(db: Db, config: ChannelConfig, items: ChannelItemRef[], selfId: number | null): Promise<ChannelItemRef[]> {
  const wanted = ITEM_TYPE_OF_MODEL.get(config.contentModel);
  const wrong = items.find((i) => i.model_type !== wanted);
  if (wrong) throw invalid('items', 'Every item must be of the channel\'s content model.');
  const loader = wanted ? loaderForItemType(wanted) : undefined;
  if (items.length && !loader) throw invalid('items', 'This content model cannot hold items yet.');
  if (loader && items.length) {
    const found = await loader.existing(db, [...new Set(items.map((i) => i.id))]);
    const missing = items.find((i) => !found.has(i.id));
    if (missing) throw invalid('items', translate(undefined, 'The item :id does not exist.', { id: missing.id }));
  }
  if (wanted === 'channel' && selfId !== null) await checkNesting(db, selfId, items.map((i) => i.id));
  return items;
}

/** Walks nested channels breadth first; reaching `selfId` means the channel would nest itself. */
export async function checkNesting(db: Db, selfId: number, direct: number[]): Promise<void> {
  const seen = new Set<number>();
  let frontier = direct;
  while (frontier.length) {
    if (frontier.includes(selfId)) throw invalid('items', 'A channel cannot nest itself, directly or through another channel.');
    const next: number[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      next.push(...(await nestedChannelIds(db, id)));
    }
    frontier = next;
  }
}

async function writeItems(db: Db, channelId: number, items: ChannelItemRef[]): Promise<void> {
  await db.deleteFrom('channelables').where('channel_id', '=', channelId).execute();
  const now = nowIso();
  const seen = new Set<string>();
  const rows = items.filter((i) => !seen.has(`${i.model_type}:${i.id}`) && seen.add(`${i.model_type}:${i.id}`))
    .map((i, order) => ({ channel_id: channelId, channelable_type: i.model_type, channelable_id: i.id, order, created_at: now }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('channelables').values(rows.slice(i, i + 500)).execute();
}

/** After a save: local auto update recomputes at once, a TMDb one runs as a queued job. */
async function refreshAuto(ctx: AppContext, channel: Channel): Promise<void> {
  if (channel.config.contentType !== 'autoUpdate') return;
  if (channel.config.autoUpdateProvider === 'tmdb') await ctx.queue.dispatch('channels.auto-update', { id: channel.id });
  else await autoUpdateChannel(ctx, channel);
}

export interface Actor { id: number; canManage: boolean }

/** `guard`: a member's own list counts against their lists.create limit (checked in the insert's transaction). */
export async function createChannel(ctx: AppContext, body: ChannelBody, actor: Actor, guard?: CountGuard): Promise<Channel> {
  const items = await checkItems(ctx.db, body.config, body.items ?? [], null);
  if (body.slug && await slugTaken(ctx.db, body.slug)) throw slugInUse();
  const now = nowIso();
  const id = await writeWithSlug(body.slug, () => deriveSlug(ctx.db, body.name), (slug) => ctx.db.transaction().execute(async (trx) => {
    await guard?.(trx);
    const row = await trx.insertInto('channels').values({
      name: body.name, slug, description: body.description ?? null, type: body.type,
      user_id: body.type === 'list' ? (actor.canManage && body.user_id ? body.user_id : actor.id) : (body.user_id ?? actor.id),
      public: body.public, internal: false, config: JSON.stringify(body.config), items_count: 0, version: 1,
      auto_updated_at: null, auto_update_error: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const newId = Number(row.id);
    if (body.config.contentType === 'manual') await writeItems(trx, newId, items);
    await touchChannel(trx, newId);
    return newId;
  }), slugInUse);
  const channel = stillThere(await findChannel(ctx.db, id), 'Channel not found');
  await refreshAuto(ctx, channel);
  return stillThere(await findChannel(ctx.db, id), 'Channel not found');
}

export async function updateChannel(ctx: AppContext, id: number, body: ChannelBody): Promise<Channel> {
  const current = await findChannel(ctx.db, id);
  if (!current || current.id !== id) throw notFound('Channel not found');
  const items = body.items ? await checkItems(ctx.db, body.config, body.items, id) : null;
  let slug = body.slug || current.slug;
  if (current.config.lockSlug && slug !== current.slug) throw invalid('slug', 'The slug of this channel is locked.');
  if (slug !== current.slug && await slugTaken(ctx.db, slug, id)) throw slugInUse();
  if (!slug) slug = await deriveSlug(ctx.db, body.name, id);
  // Switching a channel to nest channels keeps its stored items only if they pass the nesting rules.
  if (!items && body.config.contentModel === 'channels') await checkNesting(ctx.db, id, await nestedChannelIds(ctx.db, id));
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('channels').set({
      name: body.name, slug, description: body.description ?? null, public: body.public,
      config: JSON.stringify(body.config), updated_at: nowIso(),
      ...(current.type === 'list' && body.user_id ? { user_id: body.user_id } : {}),
    }).where('id', '=', id).execute();
    if (items && body.config.contentType === 'manual') await writeItems(trx, id, items);
    await touchChannel(trx, id);
  }), slugInUse);
  // The home page names its channel by slug: a renamed home channel stays the home page.
  if (slug !== current.slug && await ctx.settings.get('client.homepage.channel') === current.slug) {
    await ctx.settings.set({ 'client.homepage.channel': slug });
  }
  // Menu items and landing buttons that lead to the channel follow it to its new address.
  if (slug !== current.slug && current.type === 'channel') await followSlugInLinks(ctx, 'channel', new Set([current.slug]), slug);
  const channel = stillThere(await findChannel(ctx.db, id), 'Channel not found');
  const changedAuto = JSON.stringify(current.config) !== JSON.stringify(channel.config);
  if (changedAuto) await refreshAuto(ctx, channel);
  return stillThere(await findChannel(ctx.db, id), 'Channel not found');
}

/** The channel the site's home page shows, if it shows one. */
async function homeChannel(ctx: AppContext): Promise<Channel | null> {
  if ((await ctx.settings.get('client.homepage.type')) !== 'channel') return null;
  return findChannel(ctx.db, (await ctx.settings.get('client.homepage.channel')) || 'home');
}

export async function deleteChannels(ctx: AppContext, ids: number[]): Promise<number> {
  // Deleting the home page's channel would silently swap the site's front page for the landing page.
  const home = await homeChannel(ctx);
  if (home?.type === 'channel' && ids.includes(home.id)) {
    throw new HttpError(422, translate(undefined, '":name" is the site\'s home page. Choose another home page before deleting it.', { name: home.name }));
  }
  const gone = await ctx.db.selectFrom('channels').select('slug').where('id', 'in', ids).where('type', '=', 'channel').where('internal', '=', false as any).execute();
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    // Parents that nested a deleted channel lose that row (and their cached pages with their version).
    const parents = await trx.selectFrom('channelables').select('channel_id').distinct()
      .where('channelable_type', '=', 'channel').where('channelable_id', 'in', ids).execute();
    await trx.deleteFrom('channelables').where('channelable_type', '=', 'channel').where('channelable_id', 'in', ids).execute();
    const res = await trx.deleteFrom('channels').where('id', 'in', ids).where('internal', '=', false as any).executeTakeFirst();
    for (const p of parents) if (!ids.includes(Number(p.channel_id))) await touchChannel(trx, Number(p.channel_id));
    return Number(res.numDeletedRows);
  });
  // Menu items leading to a deleted channel go with it; landing buttons lose their target (and hide).
  if (gone.length) await followSlugInLinks(ctx, 'channel', new Set(gone.map((r) => r.slug)), null);
  return deleted;
}

async function manualChannel(ctx: AppContext, id: number): Promise<Channel> {
  const channel = await findChannel(ctx.db, id);
  if (!channel || channel.id !== id) throw notFound('Channel not found');
  if (channel.config.contentType !== 'manual') throw invalid('items', 'Only a manual channel\'s items can be edited.');
  return channel;
}

/** Adds items at the end (the content editor's "add"). */
export async function addItems(ctx: AppContext, id: number, refs: ChannelItemRef[]): Promise<Channel> {
  const channel = await manualChannel(ctx, id);
  await checkItems(ctx.db, channel.config, refs, id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockChannel(trx, ctx.dialect, id);
    const last = await trx.selectFrom('channelables').select((eb) => eb.fn.max('order').as('m')).where('channel_id', '=', id).executeTakeFirst();
    let order = Number(last?.m ?? -1) + 1;
    const now = nowIso();
    for (const r of refs) {
      await trx.insertInto('channelables').values({ channel_id: id, channelable_type: r.model_type, channelable_id: r.id, order: order++, created_at: now })
        .onConflict((oc) => oc.columns(['channel_id', 'channelable_type', 'channelable_id']).doNothing()).execute();
    }
    await touchChannel(trx, id);
  });
  return stillThere(await findChannel(ctx.db, id), 'Channel not found');
}

export async function removeItems(ctx: AppContext, id: number, refs: ChannelItemRef[]): Promise<Channel> {
  await manualChannel(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockChannel(trx, ctx.dialect, id);
    for (const r of refs) {
      await trx.deleteFrom('channelables').where('channel_id', '=', id).where('channelable_type', '=', r.model_type).where('channelable_id', '=', r.id).execute();
    }
    await touchChannel(trx, id);
  });
  return stillThere(await findChannel(ctx.db, id), 'Channel not found');
}

/** New order of the items by their ids (of the channel's model); ids not given keep their place after them. */
export async function reorderItems(ctx: AppContext, id: number, ids: number[]): Promise<Channel> {
  const channel = await manualChannel(ctx, id);
  const type = ITEM_TYPE_OF_MODEL.get(channel.config.contentModel)!;
  await ctx.db.transaction().execute(async (trx) => {
    await lockChannel(trx, ctx.dialect, id);
    const rows = await trx.selectFrom('channelables').select(['id', 'channelable_id']).where('channel_id', '=', id)
      .where('channelable_type', '=', type).orderBy('order').orderBy('id').execute();
    const position = new Map(ids.map((itemId, i) => [itemId, i]));
    const sorted = [...rows].sort((a, b) => (position.get(Number(a.channelable_id)) ?? ids.length) - (position.get(Number(b.channelable_id)) ?? ids.length));
    for (const [order, row] of sorted.entries()) await trx.updateTable('channelables').set({ order }).where('id', '=', row.id).execute();
    await touchChannel(trx, id);
  });
  return stillThere(await findChannel(ctx.db, id), 'Channel not found');
}
