import type { FastifyInstance } from 'fastify';
import { backgroundTasksResponse, doneResponse, failedJobListResponse, listQuerySchema, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { backgroundTasks, deleteFailedJobs, listFailedJobs, restoreFailedJob, takeFailedJob } from './repository.ts';

/** The Queue settings page's background tasks panel: the scheduler's tasks, failed jobs and their retry. */
export function jobsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = { permission: 'settings.update' };

  api.get('/api/v1/admin/background-tasks', { config: manage, schema: { response: { 200: backgroundTasksResponse } } }, async () => backgroundTasks(ctx));

  api.get('/api/v1/admin/failed-jobs', { config: manage, schema: { querystring: listQuerySchema, response: { 200: failedJobListResponse } } }, async (req) => ({
    pagination: await listFailedJobs(ctx, req.query),
  }));

  api.post('/api/v1/admin/failed-jobs/:id/retry', { config: manage, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    const job = await takeFailedJob(ctx, req.params.id);
    if (!job) throw notFound(translate(undefined, 'This failed job is no longer on the list.'));
    if (!ctx.queue.has(job.name)) {
      await restoreFailedJob(ctx, job.row);
      throw unprocessable('id', translate(undefined, 'This server no longer runs jobs of this kind.'));
    }
    try {
      await ctx.queue.dispatch(job.name, JSON.parse(job.payload));
    } catch (err) {
      // The queue's service did not take it: it stays on the list to retry later.
      await restoreFailedJob(ctx, job.row);
      throw err;
    }
    return { message: translate(undefined, 'Job queued again') };
  });

  // A failed job nobody will retry (its kind is gone, its input was wrong) is removed from the list.
  api.delete('/api/v1/admin/failed-jobs/:ids', { config: manage, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    if (!await deleteFailedJobs(ctx, req.params.ids)) throw notFound(translate(undefined, 'This failed job is no longer on the list.'));
    return { message: translate(undefined, 'Deleted') };
  });
}
