import { z } from '../zod.ts';
import { REVIEWABLE_TYPES, type ContentAuthor, type ContentReport, type RatingSummary, type Review, type ReviewPublicPage } from '../reviews.ts';
import { entity, isoTime, paginated, paginationOf, recordId, EXAMPLE_TIME as T } from './common.ts';

/** The author shown beside a review or a comment. */
export const contentAuthorEntity = entity({
  id: recordId, display_name: z.string(), avatar: z.string().nullable(), has_profile: z.boolean(),
  is_admin: z.boolean().optional().meta({ description: 'Moderators only: the author holds the admin permission (only an admin edits or deletes their content).' }),
  suspended: z.boolean().optional().meta({ description: 'Moderators only: the author is suspended.' }),
}) satisfies z.ZodType<ContentAuthor>;
/** What a review or comment hangs on, named, with the site address that shows it (admin lists). */
export const moderatedPlace = entity({ id: recordId, name: z.string(), link: z.string() });

export const reviewEntity = entity({
  id: recordId,
  score: z.number().int(),
  title: z.string(),
  body: z.string(),
  helpful_count: z.number().int(),
  not_helpful_count: z.number().int(),
  reports_count: z.number().int().optional().meta({ description: 'Moderators only.' }),
  user_id: recordId,
  user: contentAuthorEntity.nullable(),
  reviewable_type: z.enum(REVIEWABLE_TYPES),
  reviewable_id: recordId,
  reviewable: moderatedPlace.nullable().optional(),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'Review',
  examples: [{
    id: 14, score: 8, title: 'Slow, then unforgettable', body: 'The first hour takes its time; what it builds pays off in a last act that stays with you for days.',
    helpful_count: 12, not_helpful_count: 1, reports_count: 0, user_id: 12, user: { id: 12, display_name: 'Ada Lovelace', avatar: null, has_profile: true },
    reviewable_type: 'title', reviewable_id: 5, reviewable: { id: 5, name: 'The Long Night', link: '/titles/5/the-long-night#reviews' }, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<Review>;

export const ratingSummaryEntity = entity({ average: z.number().nullable(), count: z.number().int() }) satisfies z.ZodType<RatingSummary>;

export const reviewListResponse = paginated(reviewEntity);
export const reviewResponse = entity({ review: reviewEntity, message: z.string().optional() });
export const reviewPublicResponse = entity({
  pagination: paginationOf(reviewEntity),
  my_review: reviewEntity.nullable(),
  my_votes: z.array(entity({ review_id: recordId, is_helpful: z.boolean() })),
  summary: ratingSummaryEntity,
}) satisfies z.ZodType<ReviewPublicPage>;
export const reviewVoteResponse = entity({ review: entity({ id: recordId, helpful_count: z.number().int(), not_helpful_count: z.number().int() }) });
/** A report of a review or a comment: how many reports it now has. */
export const reportedResponse = entity({ reports_count: z.number().int(), message: z.string() });
/** A moderator reads why an item was reported (`GET reviews/{id}/reports`, `GET comment/{id}/reports`). */
export const contentReportEntity = entity({ id: recordId, reason: z.string().nullable(), created_at: isoTime, user: contentAuthorEntity.nullable() }).meta({
  id: 'ContentReport',
  examples: [{ id: 3, reason: 'Spoilers in the first line.', created_at: T, user: { id: 12, display_name: 'Ada Lovelace', avatar: null, has_profile: true } }],
}) satisfies z.ZodType<ContentReport>;
export const contentReportsResponse = entity({ reports: z.array(contentReportEntity) });
/** A moderator dismissed an item's reports: how many went (its count is 0 again). */
export const reportsDismissedResponse = entity({ dismissed: z.number().int(), message: z.string() });
