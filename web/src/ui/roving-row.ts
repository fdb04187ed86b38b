import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { arrowTarget } from './radio-group';

/** The element in each item of a roving row that the arrow keys move to (a poster's link). */
export const ROVING_ITEM = 'data-roving-item';

/**
 * A row of cards as one Tab stop (a roving tabindex): only the current card (and its own buttons) is in the Tab
 * order, Left and Right (in the reading direction), Home and End move along the row, and the row remembers the card
 * last focused, so Tab leaves a row of twenty posters at once instead of stopping forty times. Screen readers still
 * read every card. Spread `listProps` on the `<ul>`, and give each item's controls `tabIndex={tabIndexOf(i)}`.
 */
export function useRovingRow(count: number) {
  const [current, setCurrent] = useState(0);
  const stop = Math.min(current, Math.max(count - 1, 0));
  const itemsOf = (list: HTMLElement) => Array.from(list.children, (li) => li.querySelector<HTMLElement>(`[${ROVING_ITEM}]`));
  const indexOf = (list: HTMLElement, target: EventTarget) => Array.from(list.children).findIndex((li) => li.contains(target as Node));
  return {
    tabIndexOf: (index: number) => (index === stop ? 0 : -1),
    listProps: {
      onFocus: (e: FocusEvent<HTMLElement>) => {
        const at = indexOf(e.currentTarget, e.target);
        if (at >= 0 && at !== current) setCurrent(at);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        const items = itemsOf(e.currentTarget);
        const at = indexOf(e.currentTarget, e.target);
        if (at < 0) return;
        const next = arrowTarget(e.key, at, items.length, { wrap: false, horizontal: true });
        if (next === null) return;
        e.preventDefault();
        items[next]?.focus();
      },
    },
  };
}
