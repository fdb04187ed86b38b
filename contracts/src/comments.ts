import { z, required } from './zod.ts';
import type { ContentAuthor } from './reviews.ts';
import { translate } from './i18n.ts';
import { ID_MAX } from './list.ts';
import { COMMENTABLE_TYPES, COMMENT_MAX, type CommentableType } from './comments-constants.ts';

export * from './comments-constants.ts';

const content = z.string(required('The comment is required.')).trim().min(1, 'The comment is required.')
  .max(COMMENT_MAX, translate(undefined, 'The comment may not be longer than :count characters.', { count: COMMENT_MAX }));

export const commentCreateSchema = z.object({
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: z.coerce.number().int().min(1).max(ID_MAX),
  parent_id: z.coerce.number().int().min(1).max(ID_MAX).nullish(),
  content,
}).meta({ examples: [{ commentable_type: 'title', commentable_id: 5, parent_id: null, content: 'That ending!' }] });
export type CommentCreateInput = z.infer<typeof commentCreateSchema>;

/** Body of `PUT comment/{id}` (Part C: content). */
export const commentUpdateSchema = z.object({ content }).meta({ examples: [{ content: 'That ending! (edited)' }] });
/** Body of `POST comment/restore` (Part C: commentIds). */
export const commentRestoreSchema = z.object({ commentIds: z.array(z.number().int().min(1).max(ID_MAX)).min(1, 'Choose at least one comment.').max(1000) })
  .meta({ examples: [{ commentIds: [77, 78] }] });

/** Query of `GET comment/thread`: one page of top-level comments, or of one comment's replies. */
export const commentThreadQuerySchema = z.object({
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: z.coerce.number().int().min(1).max(ID_MAX),
  parent_id: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Comment entity (Part C): id, content, deleted, user, commentable, created_at. A deleted comment's content is hidden on the site. */
export interface Comment {
  id: number;
  content: string | null;
  deleted: boolean;
  user_id: number;
  user: ContentAuthor | null;
  commentable_type: CommentableType;
  commentable_id: number;
  /** Moderators only: what the comment belongs to, and the site address that shows the comment in its thread. */
  commentable?: { id: number; name: string; link: string } | null;
  title_id: number | null;
  parent_id: number | null;
  replies_count: number;
  /** Moderators only (the admin list and calls); the site's threads leave it out. */
  reports_count?: number;
  created_at: string;
  updated_at: string;
}

export const COMMENT_SORTS = ['created_at', 'reports_count', 'id'] as const;
export const COMMENT_FILTERS = ['deleted', 'reported', 'user_id', 'title_id', 'commentable', 'created_at'] as const;
