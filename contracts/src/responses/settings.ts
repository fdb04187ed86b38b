import { z } from '../zod.ts';
import { entity } from './common.ts';

const group = z.record(z.string(), z.unknown());
/** Every client setting; holders of settings.update also get the server group, secrets masked. */
export const settingsResponse = entity({ client: group, server: group.optional() })
  .meta({ examples: [{ client: { 'client.branding.site_name': 'StreamSite' }, server: { 'server.mail_driver': 'log', 'server.mailgun_secret': '********' } }] });
/** A Dropbox refresh token exchanged for an access code. */
export const dropboxRefreshTokenResponse = entity({ refreshToken: z.string() });
