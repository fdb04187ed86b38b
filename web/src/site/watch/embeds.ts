import { toEmbedUrl } from '@app/contracts/embeds';

/** A video's player address on the watch page (contracts' toEmbedUrl); what is not a URL shows a blank frame. */
export const embedUrl = (src: string): string => toEmbedUrl(src) ?? 'about:blank';

export const hostOf = (src: string) => {
  try {
    return new URL(src).hostname.replace(/^www\./, '');
  } catch {
    return src;
  }
};
