import type { KeyboardEvent } from 'react';
import { pageIsRtl } from '../lib/direction';

const STEPS = new Map([['ArrowDown', 1], ['ArrowUp', -1], ['ArrowRight', 1], ['ArrowLeft', -1]]);
const HORIZONTAL = new Set(['ArrowRight', 'ArrowLeft']);

/**
 * Where an arrow key, Home or End moves from item `at` of `count`: null for any other key. Left and right follow the
 * reading direction. Without `wrap` the ends stay put instead of going round; `horizontal` ignores up and down.
 */
export function arrowTarget(key: string, at: number, count: number, { wrap = true, horizontal = false } = {}): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = STEPS.get(key);
  if (!step || (horizontal && !HORIZONTAL.has(key))) return null;
  // Left and right follow the reading direction: on a right-to-left page the next option is to the left.
  const forward = HORIZONTAL.has(key) && pageIsRtl() ? -step : step;
  return wrap ? (at + forward + count) % count : Math.min(Math.max(at + forward, 0), count - 1);
}

/**
 * The keyboard of a group of buttons with role="radio" inside a role="radiogroup": one Tab stop (the checked option,
 * else the first), and the arrow keys, Home and End move to an option and choose it, as the radio role promises.
 * While `busy` (a save in flight) the keys do nothing, like a click, and focus stays where it is.
 */
export function radioGroup<T>({ options, value, choose, busy = false }: {
  options: readonly T[];
  value: T | null;
  choose: (value: T) => void;
  busy?: boolean;
}) {
  const stop = value !== null && options.includes(value) ? value : options[0];
  return (option: T) => ({
    role: 'radio' as const,
    'aria-checked': option === value,
    tabIndex: option === stop ? 0 : -1,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const next = arrowTarget(e.key, options.indexOf(option), options.length);
      if (next === null) return;
      e.preventDefault();
      if (busy) return;
      e.currentTarget.closest('[role="radiogroup"]')?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
      if (options[next] !== value) choose(options[next]);
    },
  });
}
