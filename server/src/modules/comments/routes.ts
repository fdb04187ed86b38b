import type { FastifyInstance } from 'fastify';
import {
  commentContextResponse, commentCreateSchema, commentListResponse, commentResponse, commentRestoreSchema, commentThreadQuerySchema, commentUpdateSchema, commentsRestoredResponse,
  deletedCountResponse, listQuerySchema, reportSchema, reportedResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { reportItem } from '../reviews/posting.ts';
import { reportModerationRoutes } from '../reviews/reports.ts';
import { findComment, listComments } from './repository.ts';
import { commentContext, commentThread, createComment, deleteComments, restoreComments, updateComment } from './service.ts';

/** Comments (Part C: GET comment; PUT comment/{id} content; POST comment/restore commentIds) and the site's threads. */
export function commentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  api.get('/api/v1/comment', { config: { permission: 'comments.update' }, schema: { querystring: listQuerySchema, response: { 200: commentListResponse } } }, async (req) =>
    ({ pagination: await listComments(ctx, req.query) }));

  api.get('/api/v1/comment/thread', { config: { permission: 'comments.view' }, schema: { querystring: commentThreadQuerySchema, response: { 200: commentListResponse } } }, async (req) => ({
    pagination: await commentThread(ctx, req.query),
  }));

  api.get('/api/v1/comment/:id/context', { config: { permission: 'comments.view' }, schema: { params: idParam, response: { 200: commentContextResponse } } }, async (req) => {
    const comments = await commentContext(ctx, req.params.id);
    if (!comments) throw notFound('Comment not found');
    return { comments };
  });

  api.get('/api/v1/comment/:id', { config: { permission: 'comments.update' }, schema: { params: idParam, response: { 200: commentResponse } } }, async (req) => {
    const comment = await findComment(ctx.db, req.params.id);
    if (!comment) throw notFound('Comment not found');
    return { comment };
  });

  api.post('/api/v1/comment', { config: { permission: 'comments.create' }, schema: { body: commentCreateSchema, response: { 200: commentResponse } } }, async (req) => {
    const comment = await createComment(ctx, requireUser(req), req.body);
    return { comment, message: 'Comment posted' };
  });

  api.put('/api/v1/comment/:id', {
    config: { permission: ['comments.create', 'comments.update'] }, schema: { params: idParam, body: commentUpdateSchema, response: { 200: commentResponse } },
  }, async (req) => {
    const { id } = req.params;
    const { content } = req.body;
    const comment = await updateComment(ctx, id, { id: requireUser(req), moderator: req.auth.can('comments.update'), admin: req.auth.can('admin') }, content);
    return { comment, message: 'Comment updated' };
  });

  api.delete('/api/v1/comment/:ids', {
    config: { permission: ['comments.create', 'comments.delete'] }, schema: { params: idsParam, response: { 200: deletedCountResponse } },
  }, async (req) => {
    const { ids } = req.params;
    const deleted = await deleteComments(ctx, ids, { id: requireUser(req), moderator: req.auth.can('comments.delete'), admin: req.auth.can('admin') });
    return { deleted, message: 'Comment deleted' };
  });

  api.post('/api/v1/comment/restore', { config: { permission: 'comments.update' }, schema: { body: commentRestoreSchema, response: { 200: commentsRestoredResponse } } }, async (req) => {
    const restored = await restoreComments(ctx, req.body.commentIds, { id: requireUser(req), moderator: true, admin: req.auth.can('admin') });
    return { restored, message: 'Comments restored' };
  });

  api.post('/api/v1/comment/:id/report', { config: { permission: 'comments.view' }, schema: { params: idParam, body: reportSchema, response: { 200: reportedResponse } } }, async (req) => {
    const { id } = req.params;
    const reports_count = await reportItem(ctx, 'comment', id, requireUser(req), req.body.reason);
    return { reports_count, message: 'Comment reported' };
  });
  // Moderators read why a comment was reported and dismiss its reports once checked.
  reportModerationRoutes(app, ctx, 'comment', 'comment', 'comments.update');
}
