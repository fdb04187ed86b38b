import { z } from '../zod.ts';
import { COMMENTABLE_TYPES, type Comment } from '../comments.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { contentAuthorEntity, moderatedPlace } from './reviews.ts';

export const commentEntity = entity({
  id: recordId,
  content: z.string().nullable(),
  deleted: z.boolean(),
  user_id: recordId,
  user: contentAuthorEntity.nullable(),
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: recordId,
  commentable: moderatedPlace.nullable().optional(),
  title_id: recordId.nullable(),
  parent_id: recordId.nullable(),
  replies_count: z.number().int(),
  reports_count: z.number().int().optional().meta({ description: 'Moderators only.' }),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'Comment',
  examples: [{
    id: 77, content: 'That ending!', deleted: false, user_id: 12, user: { id: 12, display_name: 'Ada Lovelace', avatar: null, has_profile: true }, commentable_type: 'title',
    commentable_id: 5, title_id: 5, parent_id: null, replies_count: 2, reports_count: 0, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<Comment>;

export const commentListResponse = paginated(commentEntity);
/** `GET comment/{id}/context`: the comment and those it answers, top of the thread first. */
export const commentContextResponse = entity({ comments: z.array(commentEntity) });
export const commentResponse = entity({ comment: commentEntity, message: z.string().optional() });
export const commentsRestoredResponse = entity({ restored: z.number().int(), message: z.string() });
