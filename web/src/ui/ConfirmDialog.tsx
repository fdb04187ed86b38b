import type { ReactNode } from 'react';
import { trans } from '../lib/i18n';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body: ReactNode;
  confirm: ReactNode;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, onOpenChange, title, body, confirm, danger, pending, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={body}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>{trans('Cancel')}</Button>
          <Button variant={danger ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>{confirm}</Button>
        </>
      }
    />
  );
}
