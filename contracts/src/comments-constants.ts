/**
 * The comment constants the public pages read, without zod (the comment schemas are in comments.ts, which re-exports
 * these): an episode or article page that shows comments and a comment box must not download the validation library.
 */

/** What a comment can hang on; the server resolves each through its own exists-check. */
export const COMMENTABLE_TYPES = ['title', 'episode', 'video', 'news_article'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];
export const COMMENTS_PER_PAGE = 15;
export const COMMENT_MAX = 5000;
