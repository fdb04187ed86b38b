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
  /** The API resource whose cached lists are refreshed afterwards. */
  resource: string;
  title: ReactNode;
  body: ReactNode;
  /** The toast once deleted. */
  done: string;
}

/**
 * A row's own Delete: `ask(item)` opens the confirmation, which deletes, refreshes the resource's lists and says so.
 * Render `dialog` once beside the table.
 */
export function useConfirmedDelete<T>({ remove, resource, title, body, done }: ConfirmedDelete<T>) {
  const [item, setItem] = useState<T | null>(null);
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      setItem(null);
      await qc.invalidateQueries({ queryKey: queryKeys.all(resource) });
      toast(done);
    },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(o) => !o && setItem(null)}
      title={title}
      body={body}
      confirm={trans('Delete')}
      danger
      pending={mutation.isPending}
      onConfirm={() => item !== null && mutation.mutate(item)}
    />
  );
  return { ask: setItem, dialog };
}
