import { CHANNEL_PAGE_SIZE, type ChannelWithContent } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { setPageData } from '../seo/page-state.ts';
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
    return data.channel;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 404 || e.status === 403)) return null;
    throw e;
  }
}
