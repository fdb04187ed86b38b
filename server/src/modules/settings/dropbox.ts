import { HttpError } from '../../http/errors.ts';
import { DropboxRefused, dropboxRefreshToken as tradeAccessCode } from '../../drivers/storage/dropbox.ts';

/**
 * Dropbox's OAuth code flow, offline access: the access code the admin copied from Dropbox's authorization page
 * is exchanged at /oauth2/token for a long-lived refresh token, which the Dropbox storage driver then uses.
 * The exchange is the storage driver's (one client, one endpoint); this maps its failures to the form's field.
 */
export async function dropboxRefreshToken(input: { app_key: string; app_secret: string; access_code: string }): Promise<string> {
  try {
    return await tradeAccessCode(input.app_key, input.app_secret, input.access_code);
  } catch (err) {
    const message = err instanceof DropboxRefused ? `Dropbox refused the access code: ${err.reason}` : 'Could not reach Dropbox. Please try again.';
    throw new HttpError(422, message, { access_code: [message] });
  }
}
