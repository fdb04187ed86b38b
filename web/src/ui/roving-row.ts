import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { arrowTarget } from './radio-group';

/** The element in each item of a roving row that the arrow keys move to (a poster's link). */
export const ROVING_ITEM = 'data-roving-item';

/**
 * A row of cards as one Tab stop (a roving tabindex): only the current card (and its own buttons) is in the Tab
 * order, Left and Right (in the reading direction), Home and End move along the row, and the row remembers the card
 * last focused, so Tab leaves a row of twenty posters at once instead of stopping forty times. Screen readers still
 * read every card. Spread `listProps` on the `<ul>`, and give each item's controls `tabIndex={tabIndexOf(i)}`.
 * With `grid` (a grid of posters wrapping onto several lines) Up and Down move a line up or down, by the number of
 * columns the layout shows at the time, so a page of sixty posters is one Tab stop too.
 */
export function useRovingRow(count: number, { grid = false } = {}) {
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
        const items = itemsOf(e.currentTarget);
        const at = indexOf(e.currentTarget, e.target);
        if (grid && at >= 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) moveLine(e, items, at);
        else moveAlong(e, items, at);
      },
    },
  };
}

/** Left, Right (in the reading direction), Home and End move focus from item `at` of `items`; other keys pass. */
function moveAlong(e: KeyboardEvent<HTMLElement>, items: (HTMLElement | null)[], at: number) {
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const next = arrowTarget(e.key, at, items.length, { wrap: false, horizontal: true });
  if (next === null) return;
  e.preventDefault();
  items[next]?.focus();
}

/** What each control of a roving toolbar carries: its key and its place in the Tab order. */
export interface RovingItemProps { [ROVING_ITEM]: string; tabIndex: number }

/** The number of items on the first line of a wrapping list: its columns, as the layout lays them out now. */
function columnsOf(list: HTMLElement): number {
  const top = list.firstElementChild?.getBoundingClientRect().top ?? 0;
  const first = Array.from(list.children).findIndex((li) => li.getBoundingClientRect().top > top + 1);
  return first > 0 ? first : list.children.length;
}

/** Up and Down in a grid: the item a line above or below (the last one from a line above a shorter last line). */
function moveLine(e: KeyboardEvent<HTMLElement>, items: (HTMLElement | null)[], at: number) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const columns = columnsOf(e.currentTarget);
  const last = items.length - 1;
  const next = e.key === 'ArrowUp' ? at - columns : Math.floor(at / columns) < Math.floor(last / columns) ? Math.min(at + columns, last) : -1;
  const target = next >= 0 ? items[next] : null;
  if (!target) return;
  e.preventDefault();
  target.focus();
}

/**
 * A role="toolbar" as one Tab stop (the WAI-ARIA toolbar pattern): only the control last used is in the Tab order,
 * and Left and Right (in the reading direction), Home and End move between its controls, skipping disabled ones, so
 * Tab goes from the toolbar to what it edits at once. Up and Down stay the controls' own (a select still changes).
 * Spread `toolbarProps` on the toolbar and `itemProps(key)` on each control, `first` being the first control's key.
 */
export function useRovingToolbar(first: string): { itemProps: (key: string) => RovingItemProps; toolbarProps: { ref: RefObject<HTMLDivElement | null>; onFocus: (e: FocusEvent<HTMLElement>) => void; onKeyDown: (e: KeyboardEvent<HTMLElement>) => void } } {
  const [current, setCurrent] = useState(first);
  const ref = useRef<HTMLDivElement>(null);
  const itemsOf = (bar: HTMLElement) => Array.from(bar.querySelectorAll<HTMLElement>(`[${ROVING_ITEM}]`)).filter((el) => !el.matches(':disabled'));
  // The control last used may be disabled now (an upload running): the first enabled one is the Tab stop meanwhile,
  // so the toolbar never drops out of the Tab order; set after each render, as which controls are disabled may change.
  useLayoutEffect(() => {
    const items = ref.current ? itemsOf(ref.current) : [];
    const stop = items.find((el) => el.getAttribute(ROVING_ITEM) === current) ?? items[0];
    for (const el of items) el.tabIndex = el === stop ? 0 : -1;
  });
  return {
    itemProps: (key: string) => ({ [ROVING_ITEM]: key, tabIndex: key === current ? 0 : -1 }),
    toolbarProps: {
      ref,
      onFocus: (e: FocusEvent<HTMLElement>) => {
        const key = (e.target as HTMLElement).getAttribute(ROVING_ITEM);
        if (key !== null && key !== current && e.currentTarget.contains(e.target)) setCurrent(key);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        const items = itemsOf(e.currentTarget);
        moveAlong(e, items, items.indexOf(e.target as HTMLElement));
      },
    },
  };
}
