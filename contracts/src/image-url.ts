import { z } from './zod.ts';

export const INVALID_IMAGE_URL = 'Enter a valid image URL.';

/**
 * An image address an editor may type or paste: a file on the public disk (`/storage/...`, where uploads and
 * imports put theirs) or an absolute http(s) URL. Anything else ("poster.jpg", "javascript:...") would only ever
 * show a broken picture on the site, so it is refused. Empty means none.
 */
export const isImageUrl = (v: string) => /^\/storage\/[\w./-]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v);

export const imageUrlField = z.string().trim().max(500).refine((v) => v === '' || isImageUrl(v), INVALID_IMAGE_URL).nullish();
