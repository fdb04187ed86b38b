import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentReport } from '@app/contracts/reviews';
import { api, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { Modal, DialogActions } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { InlineLoadError } from '../../site/ErrorPages';

/** Which item's reports are open: the list call's resource ("comment", "reviews", "videos") and the item's id. */
export type ReportsOf = { resource: 'comment' | 'reviews' | 'videos'; id: number } | null;

/** A moderation table's "Reports" cell: the count, which opens the reasons when there are any. */
export function ReportsCount({ count, onOpen }: { count: number | undefined; onOpen: () => void }) {
  if (!count) return <>{count ?? 0}</>;
  return (
    <button type="button" className="rounded px-1 font-medium text-danger underline underline-offset-2 hover:bg-hover" onClick={onOpen}
      aria-label={trans('[one View 1 report|other View :count reports]', { count })}>
      {count}
    </button>
  );
}

/**
 * `GET {resource}/{id}/reports`: why members reported a comment or review, who and when, newest first; "Dismiss reports"
 * (`DELETE {resource}/{id}/reports`) once the item is checked, which sets its count back to 0.
 */
export function ReportsDialog({ of, onClose }: { of: ReportsOf; onClose: () => void }) {
  const qc = useQueryClient();
  const path = of ? `${of.resource}/${of.id}/reports` : '';
  const query = useQuery({ queryKey: [of?.resource, 'reports', of?.id], queryFn: () => api.get<{ reports: ContentReport[] }>(path), enabled: !!of });
  const dismiss = useMutation({
    mutationFn: () => api.delete<{ dismissed: number }>(path),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.all(of!.resource) });
      toast(trans('Reports dismissed'));
      onClose();
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const reports = query.data?.reports ?? [];
  return (
    <Modal
      open={!!of} onOpenChange={(o) => !o && onClose()} title={trans('Reports')}
      footer={<DialogActions onCancel={onClose} label={trans('Dismiss reports')} pending={dismiss.isPending || !reports.length} onClick={() => dismiss.mutate()} />}
    >
      {query.isError ? <InlineLoadError error={query.error} message={trans('There was an issue. Please try again.')} retry={query.refetch} /> : null}
      {query.isSuccess && !reports.length ? <p className="text-sm text-text-muted">{trans('No reports')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="reports">
        {reports.map((r) => (
          <li key={r.id} className="rounded-md border border-border p-3 text-sm">
            {r.reason
              ? <p dir="auto" className="whitespace-pre-line break-words">{r.reason}</p>
              : <p className="italic text-text-muted">{trans('No reason given')}</p>}
            <p className="mt-1 text-xs text-text-muted">{r.user?.display_name ?? trans('Deleted user')} · {formatDate(r.created_at)}</p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
