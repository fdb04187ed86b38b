import { z } from '../zod.ts';
import type { ListItem, ListMembership, ListPageData, UserList } from '../lists.ts';
import { entity, isoTime, paginated, paginationOf, recordId, EXAMPLE_TIME as T } from './common.ts';

/** Answers of user lists and the watchlist. */

export const userListEntity = entity({
  id: recordId,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  public: z.boolean(),
  internal: z.boolean().meta({ description: 'True for the watchlist.' }),
  items_count: z.number().int(),
  user_id: recordId,
  created_at: isoTime,
  updated_at: isoTime,
  posters: z.array(z.string().nullable()).optional().meta({ description: 'Up to four posters of the first items (the list of my lists only).' }),
}).meta({
  id: 'UserList',
  examples: [{ id: 15, name: 'Rainy Sunday', slug: 'rainy-sunday-3fa2c1', description: 'Slow films for a grey day.', public: true, internal: false, items_count: 12, user_id: 12, created_at: T, updated_at: T }],
}) satisfies z.ZodType<UserList>;

/** One title in a list: what a poster card shows. */
export const listItemEntity = entity({
  id: recordId, name: z.string(), poster: z.string().nullable(), year: z.number().int().nullable(), rating: z.number().nullable(), is_series: z.boolean(),
  description: z.string().nullable(),
}) satisfies z.ZodType<ListItem>;

export const myListsResponse = paginated(userListEntity);
export const savedListResponse = entity({ list: userListEntity, message: z.string() });

/** `GET lists/{id}` and `GET watchlist`: the list with its owner, whether the caller may edit it, and a page of its items. */
export const listPageResponse = entity({
  list: userListEntity.extend({ user: entity({ id: recordId, display_name: z.string(), avatar: z.string().nullable() }) }),
  can_edit: z.boolean(),
  items: paginationOf(listItemEntity),
}) satisfies z.ZodType<ListPageData>;

export const listMembershipResponse = entity({
  watchlist: z.boolean(),
  lists: z.array(entity({ id: recordId, name: z.string(), public: z.boolean(), has: z.boolean() })),
}).meta({ examples: [{ watchlist: true, lists: [{ id: 15, name: 'Rainy Sunday', public: true, has: false }] }] }) satisfies z.ZodType<ListMembership>;

/** Adding a title that is already there changes nothing (`added: false`); so does removing one that is not. */
export const listItemAddedResponse = entity({ added: z.boolean() });
export const listItemRemovedResponse = entity({ removed: z.boolean() });
export const listItemMovedResponse = entity({ moved: z.boolean() });
export const watchlistIdsResponse = entity({ ids: z.array(recordId) }).meta({ description: 'Every title id on the watchlist.' });
