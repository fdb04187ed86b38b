import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { trans } from '../lib/i18n';
import { Button } from './Button';
import { cn } from './cn';
import { MAIN_ID } from './RouteFocus';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  /** Whether a click outside leaves the dialog open (a form with something typed: a stray click must not lose it). */
  keepOnOutsideClick?: () => boolean;
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [role="combobox"]';

/**
 * Where focus goes back when the dialog closes: the element that opened it, or, when that was an item of a menu
 * (gone once the menu closed), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  const menu = active?.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? (active instanceof HTMLElement && active !== document.body ? active : null);
}

/** Each open dialog's way back: its opener, then its opener's own dialog's way back, and so on. */
const WAY_BACK = new WeakMap<Element, HTMLElement[]>();

/**
 * Where each opener sat in a table when its dialog opened, read while it is still there: its row and cell, and the
 * rows after and before it (nearest first), for when its row leaves the list.
 */
const PLACE = new WeakMap<HTMLElement, { row: Element; cell: Element | null; after: Element[]; before: Element[] }>();

function siblings(row: Element, step: 'nextElementSibling' | 'previousElementSibling'): Element[] {
  const out: Element[] = [];
  for (let r = row[step]; r; r = r[step]) out.push(r);
  return out;
}

function wayBackFrom(active: Element | null): HTMLElement[] {
  const opener = openerOf(active);
  if (!opener) return [];
  const row = opener.closest('tr, [role="row"]');
  if (row) {
    PLACE.set(opener, {
      row, cell: opener.closest('td, th, [role="cell"], [role="gridcell"]'), after: siblings(row, 'nextElementSibling'), before: siblings(row, 'previousElementSibling'),
    });
  }
  const host = opener.closest('[role="dialog"], [role="alertdialog"]');
  return [opener, ...((host && WAY_BACK.get(host)) ?? [])];
}

/**
 * The way back, read while the dialog renders open: by the time Radix's open-focus hook runs, a field's autoFocus has
 * already moved focus into the dialog, and going back to that (gone) field left focus on <body>.
 */
function useWayBack(open: boolean) {
  const [wayBack, setWayBack] = useState<HTMLElement[]>(() => (open ? wayBackFrom(document.activeElement) : []));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setWayBack(wayBackFrom(document.activeElement));
  }
  return wayBack;
}

/**
 * The first of the way back still on the page: a dialog opened from another that closed as it opened ("Token created"
 * after "Create token") goes back to what opened the first. When all are gone, the next control in the opener's
 * table row if the row stays, else in the row that took its place (a row deleted, or filtered out once its reports were
 * dismissed), else the page's main region.
 */
function returnTarget(wayBack: HTMLElement[]): HTMLElement | null {
  return wayBack.find((el) => el.isConnected) ?? (wayBack[0] && (stillInRow(wayBack[0]) ?? nearbyRow(wayBack[0]))) ?? document.getElementById(MAIN_ID);
}

const REMOVAL_WATCH_MS = 10_000;

const ROW_CONTROL = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * For an opener gone from a table row that stays (a "View 1 report" button that becomes "0" once the reports are
 * dismissed): the row's control in its cell or after it, else the row's last one before it.
 */
function stillInRow(gone: HTMLElement): HTMLElement | null {
  const place = PLACE.get(gone);
  if (!place?.row.isConnected) return null;
  return controlFrom(place.row, place.cell?.isConnected ? place.cell : null);
}

/** The row's control in `cell` or after it, else its last one; its first one without a cell. */
function controlFrom(row: Element, cell: Element | null): HTMLElement | null {
  const controls = [...row.querySelectorAll<HTMLElement>(ROW_CONTROL)];
  if (!cell) return controls[0] ?? null;
  return controls.find((c) => cell.contains(c) || !!(cell.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)) ?? controls.at(-1) ?? null;
}

/**
 * For an opener whose whole row left the list: the same column's control in the row that followed it, else in the
 * one before it (it was the last row), so a keyboard user goes on down the list from where they were.
 */
function nearbyRow(gone: HTMLElement): HTMLElement | null {
  const place = PLACE.get(gone);
  if (!place || place.row.isConnected) return null;
  const column = place.cell ? [...place.row.children].indexOf(place.cell) : -1;
  const row = place.after.find((r) => r.isConnected) ?? place.before.find((r) => r.isConnected);
  return row ? controlFrom(row, column >= 0 ? row.children[column] ?? null : null) : null;
}

/**
 * Focuses the way back, and if that goes a moment later while focus is still on it, moves focus on instead of leaving
 * it on <body>: to the next control in its table row when the row stays, else to the main region (the row a
 * confirmation deleted, once its list reloads).
 */
function goBack(back: HTMLElement) {
  back.focus({ preventScroll: back.id === MAIN_ID });
  if (back.id === MAIN_ID) return;
  const stop = () => { watch.disconnect(); document.removeEventListener('focusin', stop); window.clearTimeout(timer); };
  const watch = new MutationObserver(() => {
    if (back.isConnected) return;
    stop();
    if (document.activeElement && document.activeElement !== document.body) return;
    const inRow = stillInRow(back) ?? nearbyRow(back);
    if (inRow) inRow.focus();
    else document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  });
  watch.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', stop);
  const timer = window.setTimeout(stop, REMOVAL_WATCH_MS);
}

/** Escape in a combobox with its list open (a person search) closes that list, not the whole dialog. */
export function keepEscapeForOpenList(e: KeyboardEvent) {
  if (e.target instanceof HTMLElement && e.target.getAttribute('role') === 'combobox' && e.target.getAttribute('aria-expanded') === 'true') e.preventDefault();
}

export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md', role = 'dialog', keepOnOutsideClick }: ModalProps) {
  const body = useRef<HTMLDivElement>(null);
  const foot = useRef<HTMLDivElement>(null);
  const wayBack = useWayBack(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          role={role}
          // Not in onOpenAutoFocus: Radix skips that when a field's autoFocus is already inside.
          ref={(el) => { if (el) WAY_BACK.set(el, wayBack); }}
          onEscapeKeyDown={keepEscapeForOpenList}
          onInteractOutside={(e) => { if (keepOnOutsideClick?.()) e.preventDefault(); }}
          className={cn(
            // A tall dialog scrolls its body only: the title and the buttons stay in view (a phone, a long form).
            'fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg border border-border bg-bg-elevated text-text shadow-xl',
            size === 'sm' && 'max-w-md', size === 'md' && 'max-w-lg', size === 'lg' && 'max-w-2xl',
          )}
          // A dialog opens on its first field (a confirmation, on its first button), never on the close button.
          onOpenAutoFocus={(e) => {
            const target = body.current?.querySelector<HTMLElement>(FIELD) ?? foot.current?.querySelector<HTMLElement>('button:not([disabled])');
            if (target) { e.preventDefault(); target.focus(); }
          }}
          onCloseAutoFocus={(e) => {
            const back = returnTarget(wayBack);
            if (back) { e.preventDefault(); goBack(back); }
          }}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-5">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="-me-2 rounded p-1 text-text-muted hover:bg-hover" aria-label={trans('Close')}>
              <X size="1.125rem" aria-hidden />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="shrink-0 px-6 pt-2 text-sm text-text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children && <div ref={body} className="min-h-0 flex-1 overflow-auto px-6 py-4">{children}</div>}
          {footer && <div ref={foot} className="flex shrink-0 justify-end gap-2 border-t border-border px-6 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export type DialogActionsProps = {
  onCancel: () => void;
  /** The confirm button's label. */
  label: ReactNode;
  /** Makes the confirm button inert (a request in flight, nothing picked yet). */
  pending?: boolean;
  variant?: 'primary' | 'danger';
} & (
  /** The id of the form the confirm button submits. */
  | { form: string; onClick?: never }
  | { onClick: () => void; form?: never }
);

/**
 * A dialog's footer: Cancel, then the button that confirms (submits its form or runs onClick). One footer shape for
 * every dialog, so they all look, order and label their buttons alike.
 */
export function DialogActions({ onCancel, label, pending, variant = 'primary', form, onClick }: DialogActionsProps) {
  return (
    <>
      <Button variant="text" onClick={onCancel}>{trans('Cancel')}</Button>
      {/* aria-disabled, not disabled: a disabled button drops focus to <body>, and the dialog that follows (a token
          shown once) could not find its way back to what opened the first. */}
      <Button type={form ? 'submit' : 'button'} form={form} variant={variant} aria-disabled={pending || undefined} onClick={pending ? undefined : onClick}>{label}</Button>
    </>
  );
}

export type FormDialogProps = Omit<ModalProps, 'footer'> & Pick<DialogActionsProps, 'label' | 'pending' | 'variant'> & {
  /** Runs when the form is sent (the confirm button, Enter in a field); the page does not reload. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => unknown;
};

/**
 * A dialog that is one form: its fields, then Cancel (closes, like the close button and Escape) and the confirm button
 * that sends the form. Validation is ours (zod, the server's 422), never the browser's bubbles. Once something is
 * typed or picked, a click outside no longer closes it: only Cancel, the close button or Escape (deliberate) do.
 */
export function FormDialog({ onSubmit, label, pending, variant, children, ...modal }: FormDialogProps) {
  const id = useId();
  const edited = useRef(false);
  if (!modal.open) edited.current = false;
  return (
    <Modal {...modal} keepOnOutsideClick={() => edited.current} footer={<DialogActions onCancel={() => modal.onOpenChange(false)} form={id} pending={pending} label={label} variant={variant} />}>
      <form id={id} noValidate className="flex flex-col gap-4" onInput={() => { edited.current = true; }} onChange={() => { edited.current = true; }}
        onSubmit={(e) => { e.preventDefault(); if (!pending) void onSubmit(e); }}>
        {children}
      </form>
    </Modal>
  );
}
