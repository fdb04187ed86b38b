import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { BackgroundTasks as Overview, FailedJob } from '@app/contracts/jobs';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { SimpleTable } from '../../ui/SimpleTable';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { InlineLoadError } from '../../site/ErrorPages';


/** An error's first line, the rest (a stack) behind a native disclosure a keyboard opens. */
function ErrorText({ text }: { text: string }) {
  const [head, ...rest] = text.split('\n');
  if (!rest.length) return <span className="break-words text-danger">{head}</span>;
  return (
    <details>
      <summary className="cursor-pointer break-words text-danger">{head}</summary>
      <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap text-xs text-text-muted">{rest.join('\n')}</pre>
    </details>
  );
}

/**
 * The Queue page's read-only view of work done in the background (`GET admin/background-tasks`, `GET admin/failed-jobs`):
 * the scheduler's recurring tasks with their last and next run and last error, and the jobs that failed for good,
 * each of which can be queued again (`POST admin/failed-jobs/:id/retry`).
 */
export function BackgroundTasks() {
  const qc = useQueryClient();
  const overview = useQuery({ queryKey: ['background-tasks'], queryFn: () => api.get<Overview>('admin/background-tasks') });
  const { mutate: retry, isPending: retrying } = useMutation({
    mutationFn: (id: number) => api.post<{ message?: string }>(`admin/failed-jobs/${id}/retry`),
    onSuccess: (res) => toast(res.message ?? trans('Job queued again')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.lists('failed-jobs') });
      await qc.invalidateQueries({ queryKey: ['background-tasks'] });
    },
  });

  const columns = useMemo<DataTableColumn<FailedJob>[]>(() => [
    { id: 'failed_at', header: () => trans('Failed'), sortKey: 'failed_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.failed_at)}</span> },
    {
      id: 'name',
      header: () => trans('Job'),
      cell: ({ row: { original: j } }) => <span className="font-mono text-xs">{j.name}<span className="ms-2 text-text-muted">({j.driver})</span></span>,
    },
    { id: 'exception', header: () => trans('Error'), className: 'w-1/2', cell: ({ row }) => <ErrorText text={row.original.exception} /> },
    {
      id: 'retry',
      header: () => <span className="sr-only">{trans('Actions')}</span>,
      className: 'text-end',
      cell: ({ row: { original: j } }) => (
        <Button variant="outline" size="sm" aria-label={trans('Retry :name', { name: j.name })} disabled={retrying} onClick={() => retry(j.id)}>
          {trans('Retry')}
        </Button>
      ),
    },
  ], [retry, retrying]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section aria-labelledby="background-tasks-title" className="flex flex-col gap-4 rounded-lg border border-border p-4">
        <div>
          <h2 id="background-tasks-title" className="text-base font-semibold">{trans('Background tasks')}</h2>
          <p className="mt-1 text-sm text-text-muted">{trans('Tasks the site runs on a schedule, whichever queue method is selected.')}</p>
        </div>
        {overview.isError && <InlineLoadError error={overview.error} message={trans('There was an issue. Please try again.')} retry={overview.refetch} />}
        {overview.isPending && <div className="skeleton h-32 w-full" />}
        {overview.data && (
          <>
            <p className="text-sm">
              {trans('Jobs waiting in the database queue: :count', { count: formatNumber(overview.data.queued_jobs) })}
              {' · '}
              {trans('Failed jobs: :count', { count: formatNumber(overview.data.failed_jobs) })}
            </p>
            <SimpleTable rows={overview.data.tasks} rowKey={(task) => task.name} columns={[
              { header: trans('Task'), rowHeader: true, className: 'font-mono text-xs', cell: (task) => task.name },
              { header: trans('Last run'), className: 'whitespace-nowrap', cell: (task) => (task.last_run_at ? formatDateTime(task.last_run_at) : trans('Not run yet')) },
              { header: trans('Next run'), className: 'whitespace-nowrap', cell: (task) => (task.running ? trans('Running') : formatDateTime(task.next_run_at) || '—') },
              {
                header: trans('Last error'),
                cell: (task) => (task.last_error
                  ? <ErrorText text={task.last_error} />
                  : task.last_run_at ? <CircleCheck size={16} className="text-success" aria-label={trans('No error')} /> : '—'),
              },
            ]} />
          </>
        )}
      </section>
      <section aria-labelledby="failed-jobs-title" className="flex flex-col gap-4 rounded-lg border border-border p-4">
        <div>
          <h2 id="failed-jobs-title" className="text-base font-semibold">{trans('Failed jobs')}</h2>
          <p className="mt-1 text-sm text-text-muted">{trans('Jobs that failed on their last try. Retry queues one again with the selected queue method.')}</p>
        </div>
        <DataTable<FailedJob>
          endpoint="admin/failed-jobs"
          resource="failed-jobs"
          columns={columns}
          defaultOrderBy="failed_at"
          defaultOrderDir="desc"
          searchable={false}
          canDelete
          emptyState={{ title: trans('No failed jobs'), description: trans('Jobs that fail on their last try appear here.'), icon: <CircleCheck size={40} /> }}
          noResultsState={{ title: trans('No failed jobs'), description: trans('Jobs that fail on their last try appear here.') }}
        />
      </section>
    </div>
  );
}

