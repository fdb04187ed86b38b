import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { pageParams } from '../titles/page.ts';
import type { SeoMatch } from './registry.ts';
import { setPageData, setPageStatus } from './page-state.ts';

// What every server-rendered page's resolver does: read its params, ask as the visitor, run the same loader as its
// API page call and turn a 404 or 403 into the HTML's status (the page then shows its own message).

/** The visitor asking for a server-rendered page sees what the API would show them (an unconfirmed account too). */
export { callerOf } from '../../http/auth.ts';

/** Runs a page loader; 404 and 403 become the HTML's status (the page then shows its own message). */
export async function load<T>(req: FastifyRequest, key: string, run: () => Promise<T>): Promise<T | null> {
  try {
    const data = await run();
    setPageData(req, key, data);
    return data;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 404 || e.status === 403)) {
      setPageStatus(req, e.status);
      return null;
    }
    throw e;
  }
}

/** Params through the page's zod schema; malformed ones are a 404 like an unknown id. */
export function paramsOr404<S extends z.ZodType>(m: SeoMatch, schema: S, what: string): z.infer<S> | null {
  try {
    return pageParams(schema, m.params, what);
  } catch {
    setPageStatus(m.req, 404);
    return null;
  }
}

/** The site's base URL and the page's absolute URL, as the renderer prints them in {{base_url}} and {{url}}. */
export async function whereOf(ctx: AppContext, m: SeoMatch) {
  const base = await ctx.settings.siteUrl(ctx.config.appUrl);
  return { base, url: `${base}${m.pathname}` };
}

/** A stored path ("/storage/...") as an absolute URL on the site; a full URL passes through, nothing stays nothing. */
export const absoluteUrl = (base: string, u: string | null | undefined): string | undefined => (u ? (u.startsWith('/') ? `${base}${u}` : u) : undefined);

/** The site's own image, as `{{site_image}}` prints it: the light logo, else the favicon. */
export async function siteImage(ctx: AppContext, base: string): Promise<string> {
  return absoluteUrl(base, (await ctx.settings.get('client.branding.logo_light')) || await ctx.settings.get('client.branding.favicon')) ?? '';
}
