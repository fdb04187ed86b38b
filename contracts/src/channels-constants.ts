/**
 * The channel constants the public site's pages read, without zod: the home page and channel pages import these, so
 * zod and every channel, list and title schema stay out of their download (they load with the forms that use them).
 * The schemas are in channels.ts, which re-exports these.
 */

/** Items per page of a channel's public page (and the home page); the server-rendered page embeds its first page at this size. */
export const CHANNEL_PAGE_SIZE = 24;
/** How many slides a hero slider shows. */
export const HERO_SLIDES = 10;
/** Where a hero slide shows its backdrop; narrower screens (phones) show the poster. The server preloads the one shown. */
export const HERO_WIDE_MEDIA = '(min-width: 640px)';
