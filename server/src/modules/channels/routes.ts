import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  channelItemsSchema, channelListFlagsSchema, channelReorderSchema, channelSchema, channelSearchItemsSchema, channelShowQuerySchema,
  type Channel,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds, type ListDefinition } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { registerRecurring } from '../scheduler/index.ts';
import { autoUpdateAll, autoUpdateChannel } from './auto-update.ts';
import { channelWithContent } from './content.ts';
import { resetToDefault } from './defaults.ts';
import { modelLoader } from './loaders.ts';
import { CHANNEL_COLUMNS, attachOwners, findChannel, toChannel } from './repository.ts';
import { addItems, createChannel, deleteChannels, removeItems, reorderItems, updateChannel } from './service.ts';
import './seo.ts';

const DAY_MS = 24 * 3600_000;

const bool = (column: string) => (qb: any, f: { key: string; value: unknown }) => {
  if (typeof f.value !== 'boolean' && f.value !== 'true' && f.value !== 'false') throw new HttpError(422, `Invalid value for ${f.key}`, { filters: [`Invalid value for ${f.key}`] });
  return qb.where(column, '=', f.value === true || f.value === 'true');
};

const listDefinition: ListDefinition = {
  sorts: {
    name: 'channels.name', updated_at: 'channels.updated_at', created_at: 'channels.created_at', items_count: 'channels.items_count',
    public: 'channels.public', id: 'channels.id',
  },
  defaultSort: ['updated_at', 'desc'],
  tieBreaker: 'channels.id',
  filters: {
    user_id: (qb, f) => {
      const n = Number(f.value);
      if (!Number.isInteger(n)) throw new HttpError(422, `Invalid value for ${f.key}`, { filters: [`Invalid value for ${f.key}`] });
      return qb.where('channels.user_id', f.operator === '!=' ? '!=' : '=', n);
    },
    public: bool('channels.public'),
  },
  // Names by prefix (channels and lists are named by people, so a prefix is what they type).
  search: (qb, query) => qb.where('channels.name', 'like', `${query.replace(/[%_]/g, '')}%`),
};

const idOf = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Channel not found');
  return id;
};

/** A list is seen by its owner and list managers; a private one is a 404 to anybody else (not revealing it exists). */
function canSee(req: FastifyRequest, channel: Channel): boolean {
  if (channel.type === 'channel') return channel.public || req.auth.can('channels.update');
  return channel.public || channel.user_id === req.auth.userId || req.auth.can('lists.update');
}

function canWrite(req: FastifyRequest, channel: Pick<Channel, 'type' | 'user_id'>): boolean {
  if (channel.type === 'channel') return req.auth.can('channels.update');
  return req.auth.can('lists.update') || (channel.user_id !== null && channel.user_id === req.auth.userId);
}

export function channelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.queue.register('channels.auto-update', async ({ id }: { id: number }) => {
    const channel = await findChannel(ctx.db, id);
    if (channel) await autoUpdateChannel(ctx, channel);
  });
  registerRecurring('channels:auto-update', DAY_MS, (c) => autoUpdateAll(c));

  app.get('/api/v1/channel', { config: { permission: ['channels.view', 'channels.update', 'lists.update'] } }, async (req) => {
    const flags = parse(channelListFlagsSchema, { ...(req.query as object) });
    const type = flags.type ?? 'channel';
    let base = ctx.db.selectFrom('channels').select(CHANNEL_COLUMNS).where('channels.type', '=', type);
    if (flags.hideInternal === 'true') base = base.where('channels.internal', '=', false as any);
    const manager = req.auth.can(type === 'list' ? 'lists.update' : 'channels.update');
    if (!manager) base = base.where('channels.public', '=', true as any).where('channels.internal', '=', false as any);
    const { hideInternal: _h, with: _w, type: _t, loadItemsCount: _l, ...rest } = req.query as Record<string, unknown>;
    const page = await paginate(base, rest, listDefinition, toChannel);
    const data = flags.with?.split(',').includes('user') ? await attachOwners(ctx.db, page.data) : page.data;
    return { pagination: { ...page, data } };
  });

  // The content editor's search: items of the channel's model to add.
  app.get('/api/v1/channel/search-items', { config: { permission: ['channels.update', 'lists.update'] } }, async (req) => {
    const q = parse(channelSearchItemsSchema, req.query);
    const loader = modelLoader(q.model);
    const items = loader ? await loader.search(ctx.db, q.query, 20) : [];
    return { items: q.model === 'channels' && q.except ? items.filter((i) => i.id !== q.except) : items };
  });

  app.post('/api/v1/channel/reset-to-default', { config: { permission: 'channels.update' } }, async () => {
    await resetToDefault(ctx);
    return { message: 'Channels reset to default' };
  });

  app.get('/api/v1/channel/:slugOrId', { config: { permission: ['channels.view', 'lists.view', 'channels.update'] } }, async (req) => {
    const channel = await findChannel(ctx.db, (req.params as { slugOrId: string }).slugOrId);
    if (!channel || !canSee(req, channel)) throw notFound('Channel not found');
    const q = parse(channelShowQuerySchema, req.query);
    const full = await channelWithContent(ctx, channel, q.page, q.perPage);
    return { channel: canWrite(req, channel) ? full : { ...full, auto_update_error: null } };
  });

  app.post('/api/v1/channel', { config: { permission: ['channels.create', 'channels.update', 'lists.create', 'lists.update'] } }, async (req) => {
    const body = parse(channelSchema, req.body);
    const allowed = body.type === 'list' ? req.auth.can('lists.create') || req.auth.can('lists.update') : req.auth.can('channels.create') || req.auth.can('channels.update');
    if (!allowed) throw new HttpError(403, 'You are not allowed to do that.');
    const channel = await createChannel(ctx, body, { id: requireUser(req), canManage: req.auth.can(body.type === 'list' ? 'lists.update' : 'channels.update') });
    return { channel, message: 'Channel created' };
  });

  app.put('/api/v1/channel/:id', { config: { permission: ['channels.update', 'lists.update', 'lists.create'] } }, async (req) => {
    const id = idOf(req.params);
    const current = await findChannel(ctx.db, id);
    if (!current || current.id !== id || !canSee(req, current)) throw notFound('Channel not found');
    if (!canWrite(req, current)) throw new HttpError(403, 'You are not allowed to do that.');
    const channel = await updateChannel(ctx, id, parse(channelSchema, { ...(req.body as object), type: current.type }));
    return { channel, message: 'Channel updated' };
  });

  app.delete('/api/v1/channel/:ids', { config: { permission: ['channels.delete', 'channels.update', 'lists.update'] } }, async (req) => {
    const ids = parseIds((req.params as { ids: string }).ids);
    const rows = await ctx.db.selectFrom('channels').select(['id', 'type', 'user_id']).where('id', 'in', ids).execute();
    if (rows.some((r) => !canWrite(req, { type: r.type, user_id: r.user_id === null ? null : Number(r.user_id) }))) throw new HttpError(403, 'You are not allowed to do that.');
    return { deleted: await deleteChannels(ctx, ids) };
  });

  // Content editor of a manual channel: add, remove, reorder (each bumps the channel's version).
  app.post('/api/v1/channel/:id/items', { config: { permission: 'channels.update' } }, async (req) => {
    return { channel: await addItems(ctx, idOf(req.params), parse(channelItemsSchema, req.body).items) };
  });
  app.delete('/api/v1/channel/:id/items', { config: { permission: 'channels.update' } }, async (req) => {
    return { channel: await removeItems(ctx, idOf(req.params), parse(channelItemsSchema, req.body).items) };
  });
  app.post('/api/v1/channel/:id/reorder', { config: { permission: 'channels.update' } }, async (req) => {
    return { channel: await reorderItems(ctx, idOf(req.params), parse(channelReorderSchema, req.body).ids) };
  });

  // "Update now" in the editor; the daily task does the same for every auto-update channel.
  app.post('/api/v1/channel/:id/auto-update', { config: { permission: 'channels.update' } }, async (req) => {
    const channel = await findChannel(ctx.db, idOf(req.params));
    if (!channel) throw notFound('Channel not found');
    const error = await autoUpdateChannel(ctx, channel);
    if (error) throw new HttpError(422, error);
    return { channel: await findChannel(ctx.db, channel.id) };
  });
}
