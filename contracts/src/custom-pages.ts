import { z } from './zod.ts';

/** Page types the product knows; the admin table shows the type filter only when more than one exists. */
export const CUSTOM_PAGE_TYPES = ['default'] as const;
export type CustomPageType = (typeof CUSTOM_PAGE_TYPES)[number];

export const CUSTOM_PAGE_SLUG_MAX = 250;
/**
 * Letters (any script, with the marks that belong to them: the vowel signs of Hindi or Thai), digits, dashes and
 * underscores: a slug is one path segment of /pages/{slug}.
 */
export const CUSTOM_PAGE_SLUG_PATTERN = /^[\p{L}\p{M}\p{N}_-]+$/u;

/**
 * The title and the typed slug of a page or an article. Both are kept composed (NFC): "über-uns" typed with a
 * ready-made "ü" or with "u" and a combining diaeresis looks the same, so it must be one slug, not two. A slug is
 * also kept lower-case, like the ones made from titles: "About-Us" and "about-us" are one address, and the list
 * search reads slug prefixes lower-case.
 */
export const pageTitleSchema = z.string().trim().normalize('NFC').min(1, 'The title is required.').max(250);
export const pageSlugSchema = z.string().trim().normalize('NFC').toLowerCase().max(CUSTOM_PAGE_SLUG_MAX)
  .refine((s) => !/\s/.test(s), 'The slug may not contain spaces.')
  .refine((s) => s === '' || CUSTOM_PAGE_SLUG_PATTERN.test(s), 'The slug may only contain letters, numbers, dashes and underscores.')
  // "-" or "__" alone is no readable address (/pages/-).
  .refine((s) => s === '' || !CUSTOM_PAGE_SLUG_PATTERN.test(s) || /[\p{L}\p{N}]/u.test(s), 'The slug must contain a letter or a number.')
  .optional();

/** Body of `POST custom-pages` and `PUT custom-pages/{id}`. An empty slug is made from the title. */
export const customPageSchema = z.object({
  title: pageTitleSchema,
  slug: pageSlugSchema,
  body: z.string().max(2_000_000).default(''),
}).meta({ examples: [{ title: 'About us', slug: 'about-us', body: '<h2>Who we are</h2><p>A catalogue run by film lovers.</p>' }] });
export type CustomPageInput = z.infer<typeof customPageSchema>;

export interface CustomPageOwner {
  id: number;
  display_name: string;
  email: string;
  avatar: string | null;
}

export interface CustomPage {
  id: number;
  title: string;
  slug: string;
  body?: string;
  type: CustomPageType | string;
  user_id: number | null;
  user?: CustomPageOwner | null;
  created_at: string;
  updated_at: string;
}

export const CUSTOM_PAGE_SORTS = ['title', 'slug', 'type', 'created_at', 'updated_at', 'id'] as const;
export const CUSTOM_PAGE_FILTERS = ['user_id', 'type', 'created_at', 'updated_at'] as const;

/** Editor image upload limit (Part C: images only, up to 2,097,152 bytes). */
export const PAGE_MEDIA_MAX_BYTES = 2_097_152;

/**
 * Lower-case slug from a title, the way the editor fills the slug until it is edited by hand. Latin accents go
 * ("Über" is "uber"); every other script keeps its letters whole: the marks of "ページ" are put back on their kana
 * (NFC) and the vowel signs of "हिन्दी" stay, instead of each becoming a dash.
 */
export function slugify(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, CUSTOM_PAGE_SLUG_MAX);
}

/** Contact page form (`POST contact`). */
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Your name is required.').max(100),
  email: z.string().trim().email('Enter a valid email address.').max(255),
  message: z.string().trim().min(1, 'The message is required.').max(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;
