import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  listIdParamsSchema, listItemAddSchema, listItemParamsSchema, listItemPositionSchema, listItemsQuerySchema, listSaveSchema, titleIdParamsSchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import {
  addToList, addToWatchlist, createList, deleteList, loadListPage, membership, moveItem, myLists, removeFromList, removeFromWatchlist,
  updateList, watchlistIds, watchlistPage, type ListCaller,
} from './service.ts';
import { listsSitemapSource } from './seo.ts';

/** A list id in the path; a malformed one is simply not found. */
function listId(params: unknown): number {
  const r = listIdParamsSchema.safeParse(params);
  if (!r.success) throw notFound('List not found');
  return r.data.id;
}

export const listCaller = (req: FastifyRequest): ListCaller => ({ userId: req.auth.userId, canSeeAll: req.auth.can('lists.update') });

/**
 * User lists and the watchlist. Writes need a signed-in user (guests get 401; a suspended user's sessions and tokens
 * stop at once, see http/auth.ts) and only touch the caller's own lists; reading a public list needs lists.view.
 */
export function listsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { config: { permission: 'authenticated' as const } };

  app.get('/api/v1/lists', signedIn, async (req) => ({ pagination: await myLists(ctx, requireUser(req), req.query) }));

  app.post('/api/v1/lists', { config: { permission: 'lists.create' } }, async (req) => {
    const list = await createList(ctx, requireUser(req), parse(listSaveSchema, req.body));
    return { list, message: 'List created' };
  });

  app.get('/api/v1/lists/for-title/:titleId', signedIn, async (req) => {
    const { titleId } = parse(titleIdParamsSchema, req.params);
    return membership(ctx, requireUser(req), titleId);
  });

  app.get('/api/v1/lists/:id', { config: { permission: 'lists.view' } }, async (req) => {
    const id = listId(req.params);
    return loadListPage(ctx, listCaller(req), id, parse(listItemsQuerySchema, req.query));
  });

  app.put('/api/v1/lists/:id', signedIn, async (req) => {
    const id = listId(req.params);
    const list = await updateList(ctx, requireUser(req), id, parse(listSaveSchema, req.body));
    return { list, message: 'List updated' };
  });

  app.delete('/api/v1/lists/:id', signedIn, async (req) => {
    await deleteList(ctx, requireUser(req), listId(req.params));
    return { message: 'List deleted' };
  });

  app.post('/api/v1/lists/:id/items', signedIn, async (req) => {
    const id = listId(req.params);
    const { titleId } = parse(listItemAddSchema, req.body);
    return addToList(ctx, requireUser(req), id, titleId);
  });

  app.delete('/api/v1/lists/:id/items/:titleId', signedIn, async (req) => {
    const { id, titleId } = parse(listItemParamsSchema, req.params);
    return removeFromList(ctx, requireUser(req), id, titleId);
  });

  app.put('/api/v1/lists/:id/items/:titleId/position', signedIn, async (req) => {
    const { id, titleId } = parse(listItemParamsSchema, req.params);
    const { position } = parse(listItemPositionSchema, req.body);
    await moveItem(ctx, requireUser(req), id, titleId, position);
    return { moved: true };
  });

  app.get('/api/v1/watchlist', signedIn, async (req) => watchlistPage(ctx, requireUser(req), parse(listItemsQuerySchema, req.query)));

  // Every title id on the watchlist, for the cards' one-click toggle: fetched once and cached by the page.
  app.get('/api/v1/watchlist/ids', signedIn, async (req) => ({ ids: await watchlistIds(ctx, requireUser(req)) }));

  app.post('/api/v1/watchlist', signedIn, async (req) => {
    const { titleId } = parse(listItemAddSchema, req.body);
    return addToWatchlist(ctx, requireUser(req), titleId);
  });

  app.delete('/api/v1/watchlist/:titleId', signedIn, async (req) => {
    const { titleId } = parse(titleIdParamsSchema, req.params);
    return removeFromWatchlist(ctx, requireUser(req), titleId);
  });

  listsSitemapSource();
}
