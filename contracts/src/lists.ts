import { z, required } from './zod.ts';
import { ID_MAX, type Pagination } from './list.ts';
import { LIST_ITEMS_PER_PAGE, MAX_LIST_ITEMS } from './lists-constants.ts';

export * from './lists-constants.ts';

/**
 * User lists and the watchlist (issue 11 item 6). A list is a `channels` row with type 'list' owned by a user;
 * the watchlist is the user's one internal list. Calls (API root /api/v1):
 * GET lists (mine, paged) · POST lists · PUT lists/{id} · DELETE lists/{id} · GET lists/{id} (page data, items paged)
 * POST lists/{id}/items · DELETE lists/{id}/items/{titleId} · PUT lists/{id}/items/{titleId}/position
 * GET lists/for-title/{titleId} · GET watchlist · POST watchlist · DELETE watchlist/{titleId} · GET watchlist/ids
 */


const positiveInt = z.coerce.number().int().min(1).max(ID_MAX);

export const listIdParamsSchema = z.object({ id: positiveInt });
export const listItemParamsSchema = z.object({ id: positiveInt, titleId: positiveInt });
export const titleIdParamsSchema = z.object({ titleId: positiveInt });

export const listSaveSchema = z.object({
  name: z.string(required('The name field is required.')).trim().min(1, 'The name field is required.').max(100, 'The name may not be greater than 100 characters.'),
  description: z.string().trim().max(1000, 'The description may not be greater than 1000 characters.').nullish().transform((v) => v || null),
  public: z.boolean().default(false),
}).meta({ examples: [{ name: 'Rainy Sunday', description: 'Slow films for a grey day.', public: true }] });
export type ListSave = z.input<typeof listSaveSchema>;

export const listItemAddSchema = z.object({ titleId: z.number(required('Choose a title.')).int().min(1).max(ID_MAX) }).meta({ examples: [{ titleId: 42 }] });
export const listItemPositionSchema = z.object({
  /** 0-based place in the whole list the item moves to; past the end means last. */
  position: z.number(required('The position must be a number.')).int().min(0).max(MAX_LIST_ITEMS),
}).meta({ examples: [{ position: 0 }] });

/** Page of a list's items: `page` and `perPage` as every list call (10–100). */
export const listItemsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(10).max(100).default(LIST_ITEMS_PER_PAGE),
});

export interface ListOwner { id: number; display_name: string; avatar: string | null }

export interface UserList {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  public: boolean;
  /** True for the watchlist. */
  internal: boolean;
  items_count: number;
  user_id: number;
  created_at: string;
  updated_at: string;
  /** Up to four posters of the first items, for the list's cover. */
  posters?: (string | null)[];
}

/** One title in a list: what a poster card shows. */
export interface ListItem {
  id: number;
  name: string;
  poster: string | null;
  year: number | null;
  rating: number | null;
  is_series: boolean;
  description: string | null;
}

export interface ListPageData {
  list: UserList & { user: ListOwner };
  /** Whether the caller owns the list (reorder, remove, edit). */
  can_edit: boolean;
  items: Pagination<ListItem>;
}

export interface ListMembership {
  watchlist: boolean;
  lists: { id: number; name: string; public: boolean; has: boolean }[];
}
