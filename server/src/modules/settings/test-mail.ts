import { linesLanguage, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { composeMail } from '../../drivers/mail/compose.ts';
import { reason } from '../../drivers/switch.ts';
import { HttpError } from '../../http/errors.ts';
import { mailLines } from '../localizations/service.ts';
import { findUser } from '../users/repository.ts';

/**
 * The mail page's "Send test mail": a mail to the signed-in admin through the saved outgoing method, handed over
 * now rather than queued, so the page can say whether it went and, when not, the mail server's or API's own words.
 */
export async function sendTestMail(ctx: AppContext, userId: number): Promise<string> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const lines = await mailLines(ctx, userId);
  const mail = composeMail(site, user.email, translate(lines, 'Test mail from :site', { site: site.name }), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, "This is a test mail from :site's mail settings. If you can read it, the site can send mail.", { site: site.name })],
  });
  try {
    await ctx.mailer.deliver(mail);
  } catch (err) {
    throw new HttpError(422, translate(undefined, 'Could not send the test mail: :reason', { reason: reason(err) }));
  }
  return user.email;
}
