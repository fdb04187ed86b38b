import { CHANNEL_PAGE_SIZE, HERO_WIDE_MEDIA, type ChannelItem, type ChannelWithContent } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { setPageData, setPageImage } from '../seo/page-state.ts';
import { loadChannelPage, type ChannelCaller } from './access.ts';

/** The permissions `GET channel/{slugOrId}` asks for. */
const CHANNEL_READ = ['channels.view', 'lists.view', 'channels.update'];

/**
 * Embeds a channel's first page in the server-rendered HTML (the home page and /channel/{slug}) under the key of the
 * call the web app makes for it (web/src/site/channels/ChannelView.tsx), so the first render needs no round trip.
 * What the caller may not see is left out; the page's status is the caller's to set (the home page falls back to
 * the landing when its channel is gone, so a missing channel is not a 404 there).
 */
export async function embedChannelPage(ctx: AppContext, req: FastifyRequest, caller: ChannelCaller, slug: string): Promise<ChannelWithContent | null> {
  if (!CHANNEL_READ.some((p) => caller.can(p))) return null;
  try {
    const data = await loadChannelPage(ctx, caller, slug, 1, CHANNEL_PAGE_SIZE);
    setPageData(req, `channel/${encodeURIComponent(slug)}`, data);
    preloadHero(req, heroItem(data.channel));
    return data.channel;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 404 || e.status === 403)) return null;
    throw e;
  }
}

/** The first slide of a hero slider that opens the page (its own layout, or its first row that shows anything). */
function heroItem(channel: ChannelWithContent): ChannelItem | undefined {
  const items = channel.content.data;
  if (channel.config.contentModel !== 'channels') return channel.config.layout === 'heroSlider' ? items[0] : undefined;
  const row = items.find((item) => item.content?.data.length);
  return row && row.config?.nestedLayout === 'heroSlider' ? row.content?.data[0] : undefined;
}

/** As web/src/site/channels/ChannelLayouts.tsx HeroSlider draws it: the backdrop on wide screens, the poster on phones. */
function preloadHero(req: FastifyRequest, item: ChannelItem | undefined): void {
  if (!item) return;
  if (item.backdrop && item.poster) {
    setPageImage(req, item.backdrop, { media: HERO_WIDE_MEDIA, slot: 'wide' });
    setPageImage(req, item.poster, { media: `not all and ${HERO_WIDE_MEDIA}`, slot: 'wide' });
  } else setPageImage(req, item.backdrop ?? item.poster, { slot: 'wide' });
}
