export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** The current item of a side menu (admin, settings): a bar of the primary colour on its reading-start edge. */
export const ACTIVE_NAV_ITEM = 'bg-selected font-medium text-text shadow-[inset_3px_0_0_var(--color-primary)] rtl:shadow-[inset_-3px_0_0_var(--color-primary)]';
