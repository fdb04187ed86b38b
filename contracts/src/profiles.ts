import { z } from './zod.ts';
import { ID_MAX, type Pagination } from './list.ts';
import type { UserList } from './lists.ts';
import type { Review } from './reviews.ts';

/**
 * Public profiles: /users/{id} shows what a member has published (display name, avatar, member since, public lists,
 * reviews), never their email. Calls (API root /api/v1), permission `users.view` ("Allow viewing user profiles"):
 * GET users/{id}/profile (the page's data, with the first page of lists and of reviews) · GET users/{id}/lists and
 * GET users/{id}/reviews (later pages).
 * A member who has published nothing, or is suspended, has no public profile (404) except to themselves and to
 * user managers, so profiles cannot be used to list every member's name.
 */

/** Public lists per page of a profile (most recently updated first); later pages come from `GET users/{id}/lists`. */
export const PROFILE_LISTS_LIMIT = 24;
/** Reviews per page on a profile. */
export const PROFILE_REVIEWS_PER_PAGE = 10;
export const PROFILE_NOT_FOUND = 'User not found';

const positiveInt = z.coerce.number().int().min(1).max(ID_MAX);
export const profileParamsSchema = z.object({ id: positiveInt });
/** Query of the profile's later pages of lists and of reviews. */
export const profilePagingQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export interface PublicProfile {
  id: number;
  display_name: string;
  avatar: string | null;
  /** When they joined (ISO). */
  created_at: string;
  reviews_count: number;
  lists_count: number;
}

/** A review as its author's profile shows it: with the reviewed title's card. */
export interface ProfileReview extends Pick<Review, 'id' | 'score' | 'title' | 'body' | 'helpful_count' | 'not_helpful_count' | 'created_at'> {
  reviewable: { id: number; name: string; poster: string | null; year: number | null; is_series: boolean } | null;
}

export interface ProfilePageData {
  user: PublicProfile;
  /** The caller is this member (the page offers "Edit profile"). */
  is_me: boolean;
  /** The first page of their public lists with cover posters (empty without `lists.view`); `user.lists_count` counts them all. */
  lists: UserList[];
  /** Their reviews, newest first (empty without `reviews.view`). */
  reviews: Pagination<ProfileReview>;
}
