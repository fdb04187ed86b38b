/**
 * The list constants the public site reads on every page with poster cards (web/src/site/lists/api.ts), without
 * zod: importing them from lists.ts would bring zod and the list schemas into the home and title pages' download.
 * The schemas are in lists.ts, which re-exports these.
 */

/** Most items one list holds; the next add answers 422 and writes nothing. */
export const MAX_LIST_ITEMS = 10_000;
/** Cards per page on the list and watchlist pages. */
export const LIST_ITEMS_PER_PAGE = 24;
/** The title page's "Add to list" menu shows at most this many of the user's lists (newest first). */
export const LIST_MENU_LIMIT = 200;
export const LIST_FULL_MESSAGE = 'A list can hold at most 10,000 items.';
export const UNKNOWN_TITLE_MESSAGE = 'This title does not exist.';
