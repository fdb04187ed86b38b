import { z, required } from './zod.ts';
import { translate } from './i18n.ts';
import { ID_MAX } from './list.ts';

/** Part C: review score 1-10; title at least 10 characters and body at least 100, both required. */
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 10;
export const REVIEW_TITLE_MIN = 10;
export const REVIEW_BODY_MIN = 100;
export const REVIEWS_PER_PAGE = 15;

/** What can be rated (one rating per user each, changeable, removable). */
export const RATABLE_TYPES = ['title', 'episode'] as const;
export type RatableType = (typeof RATABLE_TYPES)[number];
/** Reviews are written on title pages. */
export const REVIEWABLE_TYPES = ['title'] as const;
export type ReviewableType = (typeof REVIEWABLE_TYPES)[number];

const score = z.coerce.number(required('The score must be a number from 1 to 10.')).int('The score must be a number from 1 to 10.')
  .min(REVIEW_SCORE_MIN, 'The score must be a number from 1 to 10.').max(REVIEW_SCORE_MAX, 'The score must be a number from 1 to 10.');

const REVIEW_BODY_EXAMPLE = 'The first hour takes its time, and some will leave before it pays off. Those who stay get a last act that is quiet, precise and devastating.';

/** Body of `PUT reviews/{id}` (Part C: score, title, body) and the writable part of `POST reviews`. */
export const reviewFieldsSchema = z.object({
  score,
  title: z.string(required('The title is required.')).trim().min(1, { error: 'The title is required.', abort: true })
    .min(REVIEW_TITLE_MIN, translate(undefined, 'The title must be at least :count characters.', { count: REVIEW_TITLE_MIN })).max(250),
  body: z.string(required('The body is required.')).trim().min(1, { error: 'The body is required.', abort: true })
    .min(REVIEW_BODY_MIN, translate(undefined, 'The body must be at least :count characters.', { count: REVIEW_BODY_MIN })).max(20_000),
}).meta({ examples: [{ score: 8, title: 'Slow, then unforgettable', body: REVIEW_BODY_EXAMPLE }] });
export type ReviewFieldsInput = z.infer<typeof reviewFieldsSchema>;

export const reviewCreateSchema = reviewFieldsSchema.extend({
  reviewable_type: z.enum(REVIEWABLE_TYPES).default('title'),
  reviewable_id: z.coerce.number().int().min(1).max(ID_MAX),
}).meta({ examples: [{ reviewable_type: 'title', reviewable_id: 5, score: 8, title: 'Slow, then unforgettable', body: REVIEW_BODY_EXAMPLE }] });
export type ReviewCreateInput = z.infer<typeof reviewCreateSchema>;

export const reviewVoteSchema = z.object({ is_helpful: z.boolean(required('Choose helpful or not helpful.')) }).meta({ examples: [{ is_helpful: true }] });
export const reportSchema = z.object({ reason: z.string().trim().max(500).optional() }).meta({ examples: [{ reason: 'Spoilers in the first line.' }] });

export const REVIEW_PUBLIC_SORTS = ['helpful', 'newest'] as const;
/** Query of `GET reviews/public`: one title's reviews, most helpful or newest first. */
export const reviewPublicQuerySchema = z.object({
  reviewable_type: z.enum(REVIEWABLE_TYPES).default('title'),
  reviewable_id: z.coerce.number().int().min(1).max(ID_MAX),
  sort: z.enum(REVIEW_PUBLIC_SORTS).default('helpful'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const ratingParamsSchema = z.object({ type: z.enum(RATABLE_TYPES), id: z.coerce.number().int().min(1).max(ID_MAX) });
export const ratingBodySchema = z.object({ score }).meta({ examples: [{ score: 8 }] });

export interface ContentAuthor {
  id: number;
  display_name: string;
  avatar: string | null;
  /** Whether their public profile opens (a suspended member's answers 404, so their name links nowhere). */
  has_profile: boolean;
  /** Moderators only (the admin lists): whether the author holds the admin permission; only an admin edits or deletes their content. */
  is_admin?: boolean;
  /** Moderators only (the admin lists): whether the author is suspended. */
  suspended?: boolean;
}

/** Review entity (Part C): id, score 1-10, title, body, helpful_count, not_helpful_count, reports_count, user, reviewable. */
export interface Review {
  id: number;
  score: number;
  title: string;
  body: string;
  helpful_count: number;
  not_helpful_count: number;
  /** Moderators only (the admin list and calls); the site's lists leave it out. */
  reports_count?: number;
  user_id: number;
  user: ContentAuthor | null;
  reviewable_type: ReviewableType;
  reviewable_id: number;
  /** Moderators only: the reviewed title, and its page on the site. */
  reviewable?: { id: number; name: string; link: string } | null;
  created_at: string;
  updated_at: string;
}

/** One member's report of a review, comment or video, as moderators read it (`GET reviews/{id}/reports`). */
export interface ContentReport {
  id: number;
  reason: string | null;
  created_at: string;
  user: ContentAuthor | null;
}

export interface RatingSummary {
  average: number | null;
  count: number;
}

export interface ReviewPublicPage {
  pagination: import('./list.ts').Pagination<Review>;
  /** The caller's own review of this title (to edit it), and their votes on this page's reviews. */
  my_review: Review | null;
  my_votes: { review_id: number; is_helpful: boolean }[];
  summary: RatingSummary;
}

/** Admin list of `GET reviews`: sorts and filters the moderation table offers. */
export const REVIEW_SORTS = ['created_at', 'updated_at', 'score', 'helpful_count', 'reports_count', 'id'] as const;
export const REVIEW_FILTERS = ['reported', 'user_id', 'title_id', 'score', 'created_at'] as const;
