import type { FastifyInstance } from 'fastify';
import { commentCreateSchema, commentRestoreSchema, commentThreadQuerySchema, commentUpdateSchema, reportSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { reportItem } from '../reviews/posting.ts';
import { idParam } from '../reviews/routes.ts';
import { commentsListDefinition } from './list.ts';
import { COMMENT_COLUMNS, findComment, toComments, type CommentRow } from './repository.ts';
import { commentThread, createComment, deleteComments, restoreComments, updateComment } from './service.ts';

/** Comments (Part C: GET comment; PUT comment/{id} content; POST comment/restore commentIds) and the site's threads. */
export function commentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/comment', { config: { permission: 'comments.update' } }, async (req) => {
    const page = await paginate<CommentRow>(ctx.db.selectFrom('comments').select(COMMENT_COLUMNS), req.query, commentsListDefinition(ctx));
    return { pagination: { ...page, data: await toComments(ctx.db, page.data, 'admin') } };
  });

  app.get('/api/v1/comment/thread', { config: { permission: 'comments.view' } }, async (req) => ({
    pagination: await commentThread(ctx, parse(commentThreadQuerySchema, req.query)),
  }));

  app.get('/api/v1/comment/:id', { config: { permission: 'comments.update' } }, async (req) => {
    const comment = await findComment(ctx.db, idParam(req.params, 'Comment not found'));
    if (!comment) throw notFound('Comment not found');
    return { comment };
  });

  app.post('/api/v1/comment', { config: { permission: 'comments.create' } }, async (req) => {
    const comment = await createComment(ctx, requireUser(req), parse(commentCreateSchema, req.body));
    return { comment, message: 'Comment posted' };
  });

  app.put('/api/v1/comment/:id', { config: { permission: ['comments.create', 'comments.update'] } }, async (req) => {
    const id = idParam(req.params, 'Comment not found');
    const { content } = parse(commentUpdateSchema, req.body);
    const comment = await updateComment(ctx, id, { id: requireUser(req), moderator: req.auth.can('comments.update') }, content);
    return { comment, message: 'Comment updated' };
  });

  app.delete('/api/v1/comment/:ids', { config: { permission: ['comments.create', 'comments.delete'] } }, async (req) => {
    const ids = parseIds((req.params as { ids: string }).ids);
    const deleted = await deleteComments(ctx, ids, { id: requireUser(req), moderator: req.auth.can('comments.delete') });
    return { deleted, message: 'Comment deleted' };
  });

  app.post('/api/v1/comment/restore', { config: { permission: 'comments.update' } }, async (req) => {
    const restored = await restoreComments(ctx, parse(commentRestoreSchema, req.body).commentIds);
    return { restored, message: 'Comments restored' };
  });

  app.post('/api/v1/comment/:id/report', { config: { permission: 'comments.view' } }, async (req) => {
    const id = idParam(req.params, 'Comment not found');
    const reports_count = await reportItem(ctx, 'comment', id, requireUser(req), parse(reportSchema, req.body).reason);
    return { reports_count, message: 'Comment reported' };
  });
}
