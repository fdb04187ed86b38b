/**
 * The public site's one content width, shared by the header, every page and the footer so their edges line up at
 * every width: 96 rem (1536 px up to 1920 px wide; past that the root size grows, so the column grows with the screen).
 * PAGE_BOX is the column alone, for a wrapper whose sections pad themselves.
 */
export const PAGE_BOX = 'mx-auto w-full max-w-screen-2xl';
export const PAGE_WIDTH = `${PAGE_BOX} px-4 sm:px-6`;

/** The narrower measure of long reading text (an article, a custom page) and of single-column forms. */
export const READING_WIDTH = 'mx-auto w-full max-w-3xl px-4 sm:px-6';
