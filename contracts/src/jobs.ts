/** A recurring task of the scheduler (`scheduled_tasks`) as the Queue settings page shows it. */
export interface ScheduledTask {
  name: string;
  /** Null until the scheduler first sees the task (one tick after the server starts). */
  next_run_at: string | null;
  last_run_at: string | null;
  /** The error of the last run; null when it succeeded. */
  last_error: string | null;
  /** A process holds the task's lease (it is running now, or a process was killed mid-run and the lease runs out). */
  running: boolean;
}

/** A job that failed on its last try, whatever the queue driver (`failed_jobs`). */
export interface FailedJob {
  id: number;
  driver: string;
  name: string;
  exception: string;
  failed_at: string;
}

/** `GET admin/background-tasks`. */
export interface BackgroundTasks {
  /** Jobs waiting in the database queue's table (the other drivers keep theirs on their own service). */
  queued_jobs: number;
  failed_jobs: number;
  tasks: ScheduledTask[];
}
