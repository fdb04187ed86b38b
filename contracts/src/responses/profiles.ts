import { z } from '../zod.ts';
import type { ProfilePageData, ProfileReview, PublicProfile } from '../profiles.ts';
import { entity, integer as int, isoTime, paginated, paginationOf, recordId, EXAMPLE_TIME as T } from './common.ts';
import { userListEntity } from './lists.ts';

/** Answers of the public profile page (never an email). */

export const publicProfileEntity = entity({
  id: recordId, display_name: z.string(), avatar: z.string().nullable(), created_at: isoTime, reviews_count: int, lists_count: int,
}).meta({
  id: 'PublicProfile',
  examples: [{ id: 12, display_name: 'Ada Lovelace', avatar: null, created_at: T, reviews_count: 3, lists_count: 1 }],
}) satisfies z.ZodType<PublicProfile>;

export const profileReviewEntity = entity({
  id: recordId, score: int, title: z.string(), body: z.string(), helpful_count: int, not_helpful_count: int, created_at: isoTime,
  reviewable: entity({ id: recordId, name: z.string(), poster: z.string().nullable(), year: int.nullable(), is_series: z.boolean() }).nullable(),
}).meta({
  id: 'ProfileReview',
  examples: [{
    id: 14, score: 8, title: 'Slow, then unforgettable', body: 'The first hour takes its time; the last act stays with you for days.',
    helpful_count: 12, not_helpful_count: 1, created_at: T, reviewable: { id: 5, name: 'The Long Night', poster: null, year: 2019, is_series: false },
  }],
}) satisfies z.ZodType<ProfileReview>;

export const profilePageResponse = entity({
  user: publicProfileEntity,
  is_me: z.boolean(),
  lists: z.array(userListEntity),
  reviews: paginationOf(profileReviewEntity),
}).meta({ description: "A member's public profile: name, avatar, member since, public lists and the first page of reviews." }) satisfies z.ZodType<ProfilePageData>;

export const profileReviewsResponse = paginated(profileReviewEntity);
export const profileListsResponse = paginated(userListEntity);
