import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { outboundFetch } from './outbound.ts';

export type RecaptchaAction = 'register' | 'contact';
const MESSAGE = 'Could not verify that you are not a robot. Please try again.';

/**
 * Verifies a reCAPTCHA token with Google's siteverify API when the form's switch
 * (client.recaptcha.enable.<action>) is on; does nothing when it is off.
 * A missing, rejected or unverifiable token answers 422 on the `recaptcha` field.
 */
export async function verifyRecaptcha(ctx: AppContext, action: RecaptchaAction, token: unknown, ip?: string): Promise<void> {
  if (!(await ctx.settings.get(`client.recaptcha.enable.${action}`))) return;
  const fail = () => new HttpError(422, MESSAGE, { recaptcha: [MESSAGE] });
  if (typeof token !== 'string' || !token || token.length > 4000) throw fail();
  const form = new URLSearchParams({ secret: await ctx.settings.get('server.recaptcha_secret_key'), response: token });
  if (ip) form.set('remoteip', ip);
  let body: { success?: boolean; score?: number; action?: string; hostname?: string };
  try {
    const res = await outboundFetch(ctx.config.recaptchaVerifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    body = (await res.json()) as typeof body;
  } catch {
    throw fail();
  }
  // v3 tokens carry a score (0 bot .. 1 human) and the action the form named; v2 tokens only success. A token solved
  // for another form (the contact page's, replayed at registration) is refused, as Google asks sites to check.
  if (!body.success || (typeof body.score === 'number' && body.score < 0.5)) throw fail();
  if (typeof body.action === 'string' && body.action !== action) throw fail();
  // The site the token was solved on: a token solved on another site using the same keys (when the key's own domain
  // check is off in Google's console) is refused. Google's test keys answer with their own host.
  if (typeof body.hostname === 'string' && !sameHost(body.hostname, ctx.config.appUrl)) throw fail();
}

const GOOGLE_TEST_HOST = 'testkey.google.com';

/** Whether the hostname Google reports is the site's own host (APP_URL's), or the one Google's test keys report. */
function sameHost(hostname: string, appUrl: string): boolean {
  const reported = hostname.trim().toLowerCase();
  if (reported === GOOGLE_TEST_HOST) return true;
  try {
    return reported === new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
}
