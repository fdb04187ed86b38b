import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';

/**
 * Short videos (trailers, teasers, clips, featurettes) play for everyone while `client.streaming.free_short_videos`
 * is on: a site that sells watching (videos.view given with a plan) still shows every visitor its trailers. Full
 * movies and episodes keep needing videos.view.
 */
export const isShort = (category: string): boolean => category !== 'full';

export const shortVideosAreFree = (ctx: AppContext): Promise<boolean> => ctx.settings.get('client.streaming.free_short_videos');

/** The `:id` of a video route, or null when it is not one. */
export function videoIdOf(params: unknown): number | null {
  const raw = (params as { id?: unknown }).id;
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** A route waiver (see `waiver` in http/auth.ts): the video the path names is a short one, and short ones are free. */
export function freeShortVideo(ctx: AppContext, categoryOf: (id: number) => Promise<string | null>) {
  return async (req: FastifyRequest): Promise<boolean> => {
    const id = videoIdOf(req.params);
    if (id === null || !(await shortVideosAreFree(ctx))) return false;
    const category = await categoryOf(id);
    return category !== null && isShort(category);
  };
}
