import type { ReactNode } from 'react';
import { DialogActions, Modal } from './Modal';

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
      footer={<DialogActions onCancel={() => onOpenChange(false)} onClick={onConfirm} pending={pending} variant={danger ? 'danger' : 'primary'} label={confirm} />}
    />
  );
}
