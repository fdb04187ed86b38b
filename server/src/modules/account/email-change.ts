import type { FastifyRequest } from 'fastify';
import { linesLanguage, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { onDuplicate } from '../../db/errors.ts';
import { nowIso } from '../../db/index.ts';
import { composeMail } from '../../drivers/mail/compose.ts';
import { HttpError } from '../../http/errors.ts';
import { LIMITS, consume } from '../../http/rate-limit.ts';
import { assertDomainAllowed, claimToken, findToken, issueToken } from '../auth/service.ts';
import { mailLines } from '../localizations/service.ts';
import { assertEmailFreeLimited, emailTaken } from '../users/service.ts';

/**
 * Asks to move the account to `email`: nothing changes until the link mailed to the new address is opened (it proves
 * the mailbox is theirs); the current address is told, so a stolen session cannot quietly take the account over.
 */
export async function requestEmailChange(ctx: AppContext, req: FastifyRequest, userId: number, email: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (email === user.email) throw new HttpError(422, 'This is already your email address.', { email: ['This is already your email address.'] });
  await assertDomainAllowed(ctx, email);
  // Refusals of a taken address are counted per user: the answer cannot be used to test a list of addresses.
  await assertEmailFreeLimited(ctx, email, `user:${userId}`);
  // Each request mails two addresses: a member cannot make the site send mail to anyone at will.
  await consume(ctx, LIMITS.emailChange, String(userId));
  const token = await issueToken(ctx, userId, 'email_change', email);
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const lines = await mailLines(ctx, userId, req);
  await ctx.mailer.send(composeMail(site, email, translate(lines, 'Confirm your new email address'), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, 'Please confirm your new email address by opening this link:')],
    action: { label: translate(lines, 'Confirm email address'), url: `${site.url}/email/change/${token}` },
  }));
  await ctx.mailer.send(composeMail(site, user.email, translate(lines, 'Your email address is being changed'), {
    language: linesLanguage(lines),
    paragraphs: [translate(lines, 'Someone asked to change the email address of your account to :email. If it was not you, change your password now.', { email })],
    // Straight to the password form (through signing in when needed): changing it signs every other session out.
    action: { label: translate(lines, 'Change your password'), url: `${site.url}/account-settings#account-password` },
  }));
}

/**
 * The mailed link: the address becomes the account's (and confirmed), once; taken meanwhile, nothing changes. Links
 * mailed to the old address (a password reset, a confirmation) stop working: that mailbox no longer speaks for it.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const { id, user_id: userId, payload } = await findToken(ctx, token, 'email_change', 'token');
  await ctx.db.transaction().execute(async (trx) => {
    await claimToken(trx, id, 'token');
    await onDuplicate(trx.updateTable('users').set({ email: payload!, email_verified_at: nowIso(), email_proven_at: nowIso(), updated_at: nowIso() }).where('id', '=', userId).execute(), emailTaken);
    await trx.deleteFrom('user_tokens').where('user_id', '=', userId).where('type', 'in', ['password_reset', 'email_verification']).execute();
  });
}
