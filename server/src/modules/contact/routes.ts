import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactSchema, doneResponse, linesLanguage, translate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { composeMail } from '../../drivers/mail/compose.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { HttpError } from '../../http/errors.ts';
import { typed } from '../../http/schema.ts';
import { mailLines } from '../localizations/service.ts';

/** Messages one address may send per window: the form mails the operator, so it must not become a spam cannon. */
export const CONTACT_MAX_PER_WINDOW = 5;
const WINDOW_MS = 10 * 60 * 1000;
// The token is checked by verifyRecaptcha (only when the setting is on), which keeps its own message.
const contactBody = contactSchema.extend({ recaptcha_token: z.unknown().optional() })
  .meta({ examples: [{ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Is the director\'s cut coming to the catalogue?' }] });

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sent = new Map<string, { count: number; resetAt: number }>();
  const allow = (ip: string) => {
    const now = Date.now();
    if (sent.size > 100_000) sent.clear(); // bounded memory under a spray of addresses
    const hit = sent.get(ip);
    if (!hit || hit.resetAt <= now) {
      sent.set(ip, { count: 1, resetAt: now + WINDOW_MS });
      return true;
    }
    hit.count += 1;
    return hit.count <= CONTACT_MAX_PER_WINDOW;
  };

  // The contact page form: mailed to the address the operator set, or to the site's sender address.
  typed(app).post('/api/v1/contact', { config: { permission: 'public' }, schema: { body: contactBody, response: { 200: doneResponse } } }, async (req) => {
    const input = req.body;
    if (!allow(req.ip)) throw new HttpError(429, 'Too many messages. Please try again later.');
    await verifyRecaptcha(ctx, 'contact', input.recaptcha_token, req.ip);
    const to = (await ctx.settings.get('client.mail.contact_page_address')) || (await ctx.settings.get('server.mail_from_address'));
    // To the operator, in the site's default language.
    const lines = await mailLines(ctx, null);
    // A line break in a header would let the sender add headers of their own.
    const subject = translate(lines, 'New message from :name via the contact page', { name: input.name.replace(/\s+/g, ' ') });
    await ctx.mailer.send({
      ...composeMail(await ctx.settings.mailSite(ctx.config.appUrl), to, subject, {
        language: linesLanguage(lines),
        paragraphs: [`${translate(lines, 'Name: :name', { name: input.name })}\n${translate(lines, 'Email: :email', { email: input.email })}`, input.message],
      }),
      // The operator answers with their mail client's Reply: it goes to the visitor, not back to the site's own address.
      replyTo: input.email,
    });
    return { message: 'Your message has been submitted.' };
  });
}
