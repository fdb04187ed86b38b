import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { TextArea } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';

/** The longest reason a report takes (contracts' reportSchema). */
const REASON_MAX = 500;

/**
 * Reporting a comment, review or video to the moderators: a dialog asking why (optional, up to 500 characters), then
 * `POST {path}` with the reason. The moderators read the reasons beside the item in the admin tables.
 */
export function ReportDialog({ open, onOpenChange, path, title, done, onReported }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The report call, e.g. `comment/12/report`. */
  path: string;
  title: string;
  /** The toast once sent, e.g. 'Comment reported'. */
  done: string;
  onReported?: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => { if (open) { setReason(''); setError(undefined); } }, [open]);
  const report = useMutation({
    mutationFn: () => api.post(path, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: () => { toast(done); onOpenChange(false); onReported?.(); },
    onError: (e) => setError(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} onSubmit={() => report.mutate()} label={trans('Report')} pending={report.isPending}>
      <TextArea
        label={trans('Reason (optional)')} description={trans('Tell the moderators what is wrong with it.')} rows={3} maxLength={REASON_MAX} dir="auto"
        autoFocus value={reason} error={error} onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
