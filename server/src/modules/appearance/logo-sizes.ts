import type { AppContext } from '../../context.ts';
import { imageSize } from '../../http/uploads.ts';

const LOGOS = ['client.branding.logo_light', 'client.branding.logo_dark', 'client.branding.logo_light_mobile', 'client.branding.logo_dark_mobile'];
/** Sizes of the logo files read so far: a stored upload's name is new for each upload, so its size never changes. */
const known = new Map<string, readonly [number, number] | null>();
const KNOWN_MAX = 100;

/**
 * The site's settings for the page, with each stored logo's pixel size (`client.branding.logo_sizes`, by URL): the
 * header gives the logo its box before the picture arrives, where it used to push the menu and search box aside when
 * it did. Logos elsewhere on the web (a full URL) have no size here.
 */
export async function withLogoSizes(ctx: AppContext, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sizes: Record<string, readonly [number, number]> = {};
  for (const name of LOGOS) {
    const url = settings[name];
    if (typeof url !== 'string' || !url.startsWith('/storage/')) continue;
    let size = known.get(url);
    if (size === undefined) {
      const read = await imageSize(ctx, `public/${url.slice('/storage/'.length)}`).catch(() => null);
      size = read ? [read.width, read.height] as const : null;
      if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
      known.set(url, size);
    }
    if (size) sizes[url] = size;
  }
  return Object.keys(sizes).length ? { ...settings, 'client.branding.logo_sizes': sizes } : settings;
}
