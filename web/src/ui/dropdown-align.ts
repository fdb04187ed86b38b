import { createContext } from 'react';

export type Align = 'start' | 'end' | 'center';

/**
 * How menus inside a region align with their trigger when they do not say: at the end (a header's right-hand
 * buttons), or at the start where the trigger sits at a region's left edge (the account button in the phone menu).
 * A module of its own, so the site header can set it without loading the menu library.
 */
export const DropdownAlign = createContext<Align>('end');
