/**
 * A Google Analytics measurement id as the analytics settings take it ("G-XXXXXXX"). Zod-free, so the public site's
 * first bundle can check a code before it builds the tag's address from it.
 */
export const TRACKING_CODE = /^[A-Za-z0-9_-]{1,20}$/;
