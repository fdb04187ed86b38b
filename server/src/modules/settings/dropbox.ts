import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * Dropbox's OAuth code flow, offline access: the access code the admin copied from Dropbox's authorization page
 * is exchanged at /oauth2/token for a long-lived refresh token, which the Dropbox storage driver then uses.
 */
export async function dropboxRefreshToken(ctx: AppContext, input: { app_key: string; app_secret: string; access_code: string }): Promise<string> {
  const body = new URLSearchParams({ code: input.access_code, grant_type: 'authorization_code', client_id: input.app_key, client_secret: input.app_secret });
  let res: Response;
  try {
    res = await fetch(`${ctx.config.dropboxApiUrl.replace(/\/+$/, '')}/oauth2/token`, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new HttpError(422, 'Could not reach Dropbox. Please try again.', { access_code: ['Could not reach Dropbox. Please try again.'] });
  }
  const data = (await res.json().catch(() => ({}))) as { refresh_token?: string; error_description?: string; error?: string };
  if (!res.ok || !data.refresh_token) {
    const reason = data.error_description || data.error || `HTTP ${res.status}`;
    const message = `Dropbox refused the access code: ${reason}`;
    throw new HttpError(422, message, { access_code: [message] });
  }
  return data.refresh_token;
}
