import { z } from '../zod.ts';
import type { BackgroundTasks, FailedJob, ScheduledTask } from '../jobs.ts';
import { EXAMPLE_TIME, entity, isoTime, paginated, recordId } from './common.ts';

export const scheduledTaskEntity = entity({
  name: z.string(),
  next_run_at: isoTime.nullable(),
  last_run_at: isoTime.nullable(),
  last_error: z.string().nullable(),
  running: z.boolean(),
}) satisfies z.ZodType<ScheduledTask>;

export const failedJobEntity = entity({
  id: recordId,
  driver: z.string(),
  name: z.string(),
  exception: z.string(),
  failed_at: isoTime,
}).meta({
  id: 'FailedJob',
  examples: [{ id: 7, driver: 'database', name: 'sitemap.generate', exception: 'Error: disk full', failed_at: EXAMPLE_TIME }],
}) satisfies z.ZodType<FailedJob>;

export const backgroundTasksResponse = entity({
  queued_jobs: z.number().int(),
  failed_jobs: z.number().int(),
  tasks: z.array(scheduledTaskEntity),
}).meta({
  examples: [{
    queued_jobs: 0, failed_jobs: 1,
    tasks: [{ name: 'sitemap:generate', next_run_at: EXAMPLE_TIME, last_run_at: EXAMPLE_TIME, last_error: null, running: false }],
  }],
}) satisfies z.ZodType<BackgroundTasks>;

export const failedJobListResponse = paginated(failedJobEntity);
