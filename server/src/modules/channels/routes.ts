import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  channelItemsSchema, channelListQuerySchema, channelListResponse, channelReorderSchema, channelResponse, channelSchema, channelSearchItemsResponse,
  channelSearchItemsSchema, channelShowQuerySchema, channelShowResponse, deletedCountResponse, doneResponse, type Channel,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { DAY_MS, registerRecurring } from '../scheduler/index.ts';
import { autoUpdateAll, autoUpdateChannel } from './auto-update.ts';
import { LOCAL_REFRESH_JOB, LOCAL_REFRESH_PENDING } from './catalogue-changed.ts';
import { canSeeChannel, canWriteChannel, loadChannelPage } from './access.ts';
import { resetToDefault } from './defaults.ts';
import { modelLoader } from './loaders.ts';
import { attachOwners, channelWriteRefs, findChannel, listChannels } from './repository.ts';
import { addItems, createChannel, deleteChannels, removeItems, reorderItems, updateChannel } from './service.ts';
import './seo.ts';
import { listCountGuard } from '../lists/service.ts';
import { actorOf } from '../roles/grants.ts';

const slugOrIdParam = z.object({ slugOrId: z.string().max(200).meta({ description: 'A channel id or slug.' }) });

const canWrite = (req: FastifyRequest, channel: Pick<Channel, 'type' | 'user_id'>) => canWriteChannel(req.auth, channel);

export function channelsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  ctx.queue.register('channels.auto-update', async ({ id }: { id: number }) => {
    const channel = await findChannel(ctx.db, id);
    if (channel) await autoUpdateChannel(ctx, channel);
  });
  registerRecurring('channels:auto-update', DAY_MS, (c) => autoUpdateAll(c));
  // A catalogue write (catalogue-changed.ts): the pending mark goes first, so a write during the run queues another.
  ctx.queue.register(LOCAL_REFRESH_JOB, async () => {
    await ctx.cache.delete(LOCAL_REFRESH_PENDING);
    await autoUpdateAll(ctx, true);
  });

  api.get('/api/v1/channel', {
    config: { permission: ['channels.view', 'channels.update', 'lists.update'] }, schema: { querystring: channelListQuerySchema, response: { 200: channelListResponse } },
  }, async (req) => {
    const { hideInternal, with: withs, type = 'channel', loadItemsCount: _l, ...rest } = req.query;
    const manager = req.auth.can(type === 'list' ? 'lists.update' : 'channels.update');
    const page = await listChannels(ctx.db, { type, hideInternal: hideInternal === 'true', publicOnly: !manager }, rest);
    const data = withs?.split(',').includes('user') ? await attachOwners(ctx.db, page.data, { email: manager }) : page.data;
    return { pagination: { ...page, data } };
  });

  // The content editor's search: items of the channel's model to add.
  api.get('/api/v1/channel/search-items', {
    config: { permission: ['channels.update', 'lists.update'] }, schema: { querystring: channelSearchItemsSchema, response: { 200: channelSearchItemsResponse } },
  }, async (req) => {
    const q = req.query;
    const loader = modelLoader(q.model);
    const items = loader ? await loader.search(ctx.db, q.query, 20) : [];
    return { items: q.model === 'channels' && q.except ? items.filter((i) => i.id !== q.except) : items };
  });

  api.post('/api/v1/channel/reset-to-default', { config: { permission: 'channels.update' }, schema: { response: { 200: doneResponse } } }, async () => {
    await resetToDefault(ctx);
    return { message: 'Channels reset to default' };
  });

  api.get('/api/v1/channel/:slugOrId', {
    config: { permission: ['channels.view', 'lists.view', 'channels.update'] }, schema: { params: slugOrIdParam, querystring: channelShowQuerySchema, response: { 200: channelShowResponse } },
  }, async (req) => {
    return await loadChannelPage(ctx, req.auth, req.params.slugOrId, req.query.page, req.query.perPage);
  });

  api.post('/api/v1/channel', {
    config: { permission: ['channels.create', 'channels.update', 'lists.create', 'lists.update'] }, schema: { body: channelSchema, response: { 200: channelResponse } },
  }, async (req) => {
    const body = req.body;
    const allowed = body.type === 'list' ? req.auth.can('lists.create') || req.auth.can('lists.update') : req.auth.can('channels.create') || req.auth.can('channels.update');
    if (!allowed) throw forbidden();
    const canManage = req.auth.can(body.type === 'list' ? 'lists.update' : 'channels.update');
    // A member's own list made here counts like one made on the site.
    const guard = body.type === 'list' && !canManage ? await listCountGuard(ctx, actorOf(req)) : undefined;
    const channel = await createChannel(ctx, body, { id: requireUser(req), canManage }, guard);
    return { channel, message: 'Channel created' };
  });

  api.put('/api/v1/channel/:id', {
    config: { permission: ['channels.update', 'lists.update', 'lists.create'] }, schema: { params: idParam, body: channelSchema, response: { 200: channelResponse } },
  }, async (req) => {
    const id = req.params.id;
    const current = await findChannel(ctx.db, id);
    if (!current || current.id !== id || !(await canSeeChannel(ctx.db, req.auth, current))) throw notFound('Channel not found');
    if (!canWrite(req, current)) throw forbidden();
    // A channel keeps its type: the body's is ignored.
    const channel = await updateChannel(ctx, id, { ...req.body, type: current.type });
    return { channel, message: 'Channel updated' };
  });

  api.delete('/api/v1/channel/:ids', {
    config: { permission: ['channels.delete', 'channels.update', 'lists.update'] }, schema: { params: idsParam, response: { 200: deletedCountResponse } },
  }, async (req) => {
    const refs = await channelWriteRefs(ctx.db, req.params.ids);
    if (refs.some((r) => !canWrite(req, r))) throw forbidden();
    return { deleted: await deleteChannels(ctx, req.params.ids) };
  });

  // Content editor of a manual channel: add, remove, reorder (each bumps the channel's version).
  api.post('/api/v1/channel/:id/items', {
    config: { permission: 'channels.update' }, schema: { params: idParam, body: channelItemsSchema, response: { 200: channelResponse } },
  }, async (req) =>
    ({ channel: await addItems(ctx, req.params.id, req.body.items) }));
  api.delete('/api/v1/channel/:id/items', {
    config: { permission: 'channels.update' }, schema: { params: idParam, body: channelItemsSchema, response: { 200: channelResponse } },
  }, async (req) =>
    ({ channel: await removeItems(ctx, req.params.id, req.body.items) }));
  api.post('/api/v1/channel/:id/reorder', { config: { permission: 'channels.update' }, schema: { params: idParam, body: channelReorderSchema, response: { 200: channelResponse } } }, async (req) =>
    ({ channel: await reorderItems(ctx, req.params.id, req.body.ids) }));

  // "Update now" in the editor; the daily task does the same for every auto-update channel.
  api.post('/api/v1/channel/:id/auto-update', { config: { permission: 'channels.update' }, schema: { params: idParam, response: { 200: channelResponse } } }, async (req) => {
    const channel = await findChannel(ctx.db, req.params.id);
    if (!channel) throw notFound('Channel not found');
    const error = await autoUpdateChannel(ctx, channel);
    if (error) throw new HttpError(422, error);
    return { channel: await findChannel(ctx.db, channel.id) };
  });
}
