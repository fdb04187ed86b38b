import { z } from '../zod.ts';
import type { SocialProfile } from '../social.ts';
import { SOCIAL_PROVIDERS } from '../social.ts';
import { entity, isoTime, recordId } from './common.ts';

export const socialProfileEntity = entity({ id: recordId, service_name: z.enum(SOCIAL_PROVIDERS), username: z.string().nullable(), created_at: isoTime })
  .meta({ id: 'SocialProfile', examples: [{ id: 5, service_name: 'google', username: 'ada@example.com', created_at: '2026-01-31T12:00:00.000Z' }] }) satisfies z.ZodType<SocialProfile>;
export const socialProfileListResponse = entity({ profiles: z.array(socialProfileEntity) });

/**
 * The end of an OAuth flow (social login, Gmail connect): a small HTML page that tells the window which opened the
 * popup how it went (postMessage), or sends a full-page flow back into the app.
 */
export const oauthResultPage = z.string().meta({ description: 'An HTML page (not JSON) that reports the outcome to the opening window and closes.' });
/** The start of an OAuth flow: a redirect to the provider's consent page. */
export const oauthRedirect = z.null().meta({ description: "A redirect to the provider's consent page (see the Location header)." });
