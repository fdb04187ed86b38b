import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CsvExportResponse } from '@app/contracts/users';
import { api, errorMessage } from '../lib/api';
import { trans } from '../lib/i18n';
import { Button } from '../ui/Button';
import { toApiParams, type ListParams } from '../ui/list-params';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/Toast';

export function downloadFile(path: string) {
  const a = document.createElement('a');
  a.href = path.startsWith('/') || /^https?:/.test(path) ? path : `/api/v1/${path}`;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * A list's "Export CSV": small exports download at once, large ones are queued and mailed (the server decides).
 * Returns the mutation and the dialog that says a large export was queued.
 */
export function useCsvExport(endpoint: string) {
  const [queued, setQueued] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (params: ListParams) => {
      const { page: _p, perPage: _pp, ...rest } = toApiParams(params);
      return api.post<CsvExportResponse>(endpoint, undefined, rest);
    },
    onSuccess: (r) => {
      if (r?.downloadPath) downloadFile(r.downloadPath);
      else setQueued(trans("Your request is being processed. We'll email you when the report is ready to download."));
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const dialog = (
    <Modal
      open={!!queued}
      onOpenChange={(o) => !o && setQueued(null)}
      title={trans('CSV export')}
      description={queued}
      size="sm"
      footer={<Button variant="primary" onClick={() => setQueued(null)}>{trans('Got it')}</Button>}
    />
  );
  return { mutation, dialog };
}
