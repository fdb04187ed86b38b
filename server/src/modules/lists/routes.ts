import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  doneResponse, listItemAddSchema, listItemAddedResponse, listItemMovedResponse, listItemParamsSchema, listItemPositionSchema, listItemRemovedResponse,
  listItemsQuerySchema, listMembershipResponse, listPageResponse, listQuerySchema, listSaveSchema, titleIdParamsSchema, myListsResponse,
  savedListResponse, watchlistIdsResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { idParam, typed } from '../../http/schema.ts';
import { actorOf } from '../roles/grants.ts';
import {
  addToList, addToWatchlist, createList, deleteList, loadListPage, membership, moveItem, myLists, removeFromList, removeFromWatchlist,
  updateList, watchlistIds, watchlistPage, type ListCaller,
} from './service.ts';
import { listsSitemapSource } from './seo.ts';

export const listCaller = (req: FastifyRequest): ListCaller => ({ userId: req.auth.userId, canSeeAll: req.auth.can('lists.update') });

/**
 * User lists and the watchlist. Writes need a signed-in user (guests get 401; a suspended user's sessions and tokens
 * stop at once, see http/auth.ts) and only touch the caller's own lists; reading a public list needs lists.view.
 */
export function listsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // A token made for chosen permissions reaches the member's own lists with lists.view (to read) or lists.create.
  const ownRead = { config: { permission: 'authenticated' as const, tokenScope: 'lists.view' } };
  const signedIn = { config: { permission: 'authenticated' as const, tokenScope: 'lists.create' } };

  api.get('/api/v1/lists', { ...ownRead, schema: { querystring: listQuerySchema, response: { 200: myListsResponse } } }, async (req) => ({ pagination: await myLists(ctx, requireUser(req), req.query) }));

  api.post('/api/v1/lists', { config: { permission: 'lists.create' }, schema: { body: listSaveSchema, response: { 200: savedListResponse } } }, async (req) => {
    const list = await createList(ctx, actorOf(req), req.body);
    return { list, message: 'List created' };
  });

  api.get('/api/v1/lists/for-title/:titleId', { ...ownRead, schema: { params: titleIdParamsSchema, response: { 200: listMembershipResponse } } }, async (req) => {
    const { titleId } = req.params;
    return membership(ctx, requireUser(req), titleId);
  });

  api.get('/api/v1/lists/:id', { config: { permission: 'lists.view' }, schema: { params: idParam, querystring: listItemsQuerySchema, response: { 200: listPageResponse } } }, async (req) => {
    return loadListPage(ctx, listCaller(req), req.params.id, req.query);
  });

  api.put('/api/v1/lists/:id', { ...signedIn, schema: { params: idParam, body: listSaveSchema, response: { 200: savedListResponse } } }, async (req) => {
    const list = await updateList(ctx, requireUser(req), req.params.id, req.body);
    return { list, message: 'List updated' };
  });

  api.delete('/api/v1/lists/:id', { ...signedIn, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteList(ctx, requireUser(req), req.params.id);
    return { message: 'List deleted' };
  });

  api.post('/api/v1/lists/:id/items', { ...signedIn, schema: { params: idParam, body: listItemAddSchema, response: { 200: listItemAddedResponse } } }, async (req) =>
    addToList(ctx, requireUser(req), req.params.id, req.body.titleId));

  api.delete('/api/v1/lists/:id/items/:titleId', { ...signedIn, schema: { params: listItemParamsSchema, response: { 200: listItemRemovedResponse } } }, async (req) => {
    const { id, titleId } = req.params;
    return removeFromList(ctx, requireUser(req), id, titleId);
  });

  api.put('/api/v1/lists/:id/items/:titleId/position', { ...signedIn, schema: { params: listItemParamsSchema, body: listItemPositionSchema, response: { 200: listItemMovedResponse } } }, async (req) => {
    await moveItem(ctx, requireUser(req), req.params.id, req.params.titleId, req.body.position);
    return { moved: true };
  });

  api.get('/api/v1/watchlist', { ...ownRead, schema: { querystring: listItemsQuerySchema, response: { 200: listPageResponse } } }, async (req) => watchlistPage(ctx, requireUser(req), req.query));

  // Every title id on the watchlist, for the cards' one-click toggle: fetched once and cached by the page.
  api.get('/api/v1/watchlist/ids', { ...ownRead, schema: { response: { 200: watchlistIdsResponse } } }, async (req) => ({ ids: await watchlistIds(ctx, requireUser(req)) }));

  api.post('/api/v1/watchlist', { ...signedIn, schema: { body: listItemAddSchema, response: { 200: listItemAddedResponse } } }, async (req) => addToWatchlist(ctx, requireUser(req), req.body.titleId));

  api.delete('/api/v1/watchlist/:titleId', { ...signedIn, schema: { params: titleIdParamsSchema, response: { 200: listItemRemovedResponse } } }, async (req) =>
    removeFromWatchlist(ctx, requireUser(req), req.params.titleId));

  listsSitemapSource();
}
