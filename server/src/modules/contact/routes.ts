import type { FastifyInstance } from 'fastify';
import { contactSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The contact page form: mailed to the address the operator set, or to the site's sender address.
  app.post('/api/v1/contact', { config: { permission: 'public' } }, async (req) => {
    const input = parse(contactSchema, req.body);
    await verifyRecaptcha(ctx, 'contact', (req.body as { recaptcha_token?: unknown }).recaptcha_token, req.ip);
    const to = (await ctx.settings.get('client.mail.contact_page_address')) || (await ctx.settings.get('server.mail_from_address'));
    await ctx.mailer.send({
      to,
      subject: `New message from ${input.name} via the contact page`,
      text: `Name: ${input.name}\nEmail: ${input.email}\n\n${input.message}`,
    });
    return { message: 'Your message has been submitted.' };
  });
}
