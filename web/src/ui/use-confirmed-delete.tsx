import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { trans } from '../lib/i18n';
import { queryKeys } from '../lib/query-client';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './Toast';

interface ConfirmedDelete<T> {
  /** Deletes the item once confirmed. */
  remove: (item: T) => Promise<unknown>;
  /** Refreshed afterwards: the API resources whose cached lists show the item, or what else the page reloads. */
  refresh: string[] | (() => Promise<unknown>);
  title: ReactNode;
  body: ReactNode | ((item: T) => ReactNode);
  /** The toast once deleted. */
  done: string;
  /** The toast when it failed without a message of the server's. */
  failed?: string;
}

/**
 * A row's own Delete: `ask(item)` opens the confirmation, which deletes, refreshes the resource's lists and says so.
 * Render `dialog` once beside the table.
 */
export function useConfirmedDelete<T>({ remove, refresh, title, body, done, failed }: ConfirmedDelete<T>) {
  const [item, setItem] = useState<T | null>(null);
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      setItem(null);
      toast(done);
      if (typeof refresh === 'function') await refresh();
      else await Promise.all(refresh.map((resource) => qc.invalidateQueries({ queryKey: queryKeys.all(resource) })));
    },
    onError: (e) => { setItem(null); toast.danger(errorMessage(e, failed ?? trans('There was an issue. Please try again.'))); },
  });
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(o) => !o && setItem(null)}
      title={title}
      body={typeof body === 'function' ? (item === null ? null : (body as (item: T) => ReactNode)(item)) : body}
      confirm={trans('Delete')}
      danger
      pending={mutation.isPending}
      onConfirm={() => item !== null && mutation.mutate(item)}
    />
  );
  return { ask: setItem, dialog };
}
