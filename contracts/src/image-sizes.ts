/**
 * Pictures sized for where they show. A picture on the public disk is served at any width of IMAGE_WIDTHS
 * (`/storage/...?w=320`, made once and kept); the site lists a slot's widths in `srcset` with the slot's `sizes`, so
 * a phone showing a poster in a third of its screen downloads a 240-pixel picture, not the 2560-pixel upload.
 * Without zod: the public pages import this, and the server's preload links use the same slots, so the browser
 * finds the picture it preloaded.
 */

/** The widths the server resizes to; any other is refused, so nobody can fill the disk with sizes nobody shows. */
export const IMAGE_WIDTHS = [96, 160, 240, 320, 480, 640, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (w: number): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w);

/** A stored raster picture the server can resize (GIFs keep their frames, so they are sent as they are). */
const RESIZABLE = /^\/storage\/[\w./-]+\.(png|jpe?g|webp)$/i;

/** A storage key (`public/...`) whose picture has width variants. */
export const isResizableKey = (key: string) => RESIZABLE.test(`/storage/${key.replace(/^public\//, '')}`);

export interface ImageSlot { widths: readonly ImageWidth[]; sizes: string }

/**
 * Where pictures show, as CSS widths the browser can know before layout. The page box is at most 1536 pixels wide
 * (max-w-screen-2xl); grids and rows are in ui/PosterGrid.tsx, ui/PosterRow.tsx, channels/ChannelLayouts.tsx.
 */
export const IMAGE_SLOTS = {
  /** A poster in a grid (3 to 6 columns) or a row (144 to 176 pixels), a portrait, a title page's poster. */
  poster: { widths: [160, 240, 320, 480, 640], sizes: '(min-width: 1536px) 245px, (min-width: 1280px) 16vw, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, 33vw' },
  /** A landscape card (episode still, video): 2 to 4 columns, or a row of 256 to 288 pixel cards (the width on phones). */
  landscape: { widths: [240, 320, 480, 640, 960], sizes: '(min-width: 1536px) 370px, (min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 256px' },
  /** A news card: one column on phones, two, then three. */
  card: { widths: [320, 480, 640, 960, 1280], sizes: '(min-width: 1536px) 500px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw' },
  /** A picture across the reading column (max-w-3xl): an article's. */
  column: { widths: [480, 640, 960, 1280, 1920], sizes: '(min-width: 768px) 720px, 100vw' },
  /** A picture across the page: a hero slide, a title's backdrop. */
  wide: { widths: [640, 960, 1280, 1920], sizes: '100vw' },
  /** A small thumbnail in a list (search results, notifications). */
  thumb: { widths: [96, 160], sizes: '80px' },
} as const satisfies Record<string, ImageSlot>;
export type ImageSlotName = keyof typeof IMAGE_SLOTS;

export interface ResponsiveImage { src: string; srcSet?: string; sizes?: string }

/** A picture's address at one width (a mail's poster, shown at a fixed size); one the server cannot resize as it is. */
export function imageAtWidth(url: string, width: ImageWidth): string {
  return RESIZABLE.test(url) ? `${url}?w=${width}` : url;
}

/** The `src`, `srcSet` and `sizes` of a picture in a slot; a picture the server cannot resize keeps its address only. */
export function responsiveImage(url: string, slot: ImageSlotName): ResponsiveImage {
  if (!RESIZABLE.test(url)) return { src: url };
  const { widths, sizes } = IMAGE_SLOTS[slot];
  return { src: url, srcSet: widths.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(', '), sizes };
}

/** The same as a `<picture>`'s `<source>` (which has no `src`). */
export function responsiveSource(url: string, slot: ImageSlotName): { srcSet: string; sizes?: string } {
  const image = responsiveImage(url, slot);
  return { srcSet: image.srcSet ?? image.src, sizes: image.sizes };
}
