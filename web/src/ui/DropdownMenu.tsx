import * as DM from '@radix-ui/react-dropdown-menu';
import { useContext, type ReactNode } from 'react';
import { pageIsRtl } from '../lib/direction';
import { cn } from './cn';
import { DropdownAlign, type Align } from './dropdown-align';

/**
 * Menus are not modal: a modal menu locks the page's scrolling and hides everything else from assistive technology
 * (aria-hidden over focusable content), and on a phone the scroll lock re-laid the page out blank behind the menu.
 * Escape, outside clicks and focus return work the same.
 */
export function DropdownMenu(props: DM.DropdownMenuProps) {
  // Radix reads the direction from its own provider, not the page: a right-to-left page's menus align and move by
  // arrow keys from the right only when told.
  return <DM.Root modal={false} dir={pageIsRtl() ? 'rtl' : 'ltr'} {...props} />;
}
export const DropdownTrigger = DM.Trigger;

export function DropdownContent({ children, align, side = 'bottom', onCloseAutoFocus }: {
  children: ReactNode;
  align?: Align;
  /** Menus opened from the foot of a page (the footer's language switch) open upwards. */
  side?: 'top' | 'bottom';
  /** Where focus goes when the menu closes (call preventDefault to keep it off the trigger, e.g. in an editor). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const regionAlign = useContext(DropdownAlign);
  return (
    <DM.Portal>
      <DM.Content
        align={align ?? regionAlign} side={side} sideOffset={6} onCloseAutoFocus={onCloseAutoFocus}
        // Kept inside the screen even when the trigger sits at the scrolled edge of a wide table on a phone.
        collisionPadding={8} sticky="always"
        className="z-50 max-w-[calc(100vw-16px)] min-w-48 rounded-md border border-border bg-bg-elevated p-1 text-sm text-text shadow-lg">
        {children}
      </DM.Content>
    </DM.Portal>
  );
}

export function DropdownItem({ children, onSelect, className, asChild }: { children: ReactNode; onSelect?: () => void; className?: string; asChild?: boolean }) {
  return (
    <DM.Item
      asChild={asChild}
      onSelect={onSelect}
      className={cn('flex cursor-pointer items-center gap-2 rounded px-3 py-2 outline-none data-[highlighted]:bg-hover', className)}
    >
      {children}
    </DM.Item>
  );
}

export const DropdownSeparator = () => <DM.Separator className="my-1 h-px bg-border" />;
export const DropdownLabel = ({ children }: { children: ReactNode }) => <DM.Label className="px-3 py-2 text-xs text-text-muted">{children}</DM.Label>;
