import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accessTokenCreatedResponse, accessTokenListResponse, accessTokenSchema, doneResponse, loginResponse, loginSchema, meResponse, passwordEmailSchema,
  passwordResetSchema, registerResponse, registerSchema, verifyEmailSchema,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { API_DOCS_PREFIX } from '../../http/openapi.ts';
import { idParam, typed } from '../../http/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { LIMITS, assertUnderLimit, consume, hit } from '../../http/rate-limit.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { confirmEmailChange } from '../account/email-change.ts';
import { guestRoleIds } from '../roles/repository.ts';
import {
  assertPoliciesAccepted, currentUser, login, logout, register, resetPassword, sendPasswordResetLink, sendVerificationEmail, startSession, verifyEmail,
} from './service.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './access-tokens.ts';
import { rememberDevice } from './known-device.ts';
import { withLogoSizes } from '../appearance/logo-sizes.ts';

// Checked by their own rules after the form (policies, then reCAPTCHA when it is on), which keep their messages.
const registerBody = z.intersection(registerSchema, z.object({ recaptcha_token: z.unknown().optional(), accepted_policies: z.unknown().optional() }))
  .meta({ examples: z.globalRegistry.get(registerSchema)?.examples });

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const open = { config: { permission: 'public' } };

  app.get('/api/v1/auth/me', { ...open, schema: { response: { 200: meResponse } } }, async (req) => ({
    user: req.auth.userId ? await currentUser(ctx, req.auth.userId) : null,
    guest_permissions: req.auth.userId ? undefined : [...req.auth.permissions],
    guest_role_ids: req.auth.userId ? undefined : await guestRoleIds(ctx.db),
    settings: await withLogoSizes(ctx, await ctx.settings.site()),
    version: ctx.version,
  }));

  api.post('/api/v1/auth/login', { ...open, schema: { body: loginSchema, response: { 200: loginResponse } } }, async (req, reply) => {
    const input = req.body;
    const user = await login(ctx, req, reply, input.email, input.password, input.remember ?? false);
    return user ? { user } : { user: null, two_factor: true };
  });

  app.post('/api/v1/auth/logout', { ...open, schema: { response: { 200: doneResponse } } }, async (req, reply) => {
    await logout(ctx, req, reply);
    return {};
  });

  api.post('/api/v1/auth/register', { ...open, schema: { body: registerBody, response: { 200: registerResponse } } }, async (req, reply) => {
    const { recaptcha_token: recaptchaToken, accepted_policies: acceptedPolicies, ...input } = req.body;
    await assertPoliciesAccepted(ctx, acceptedPolicies);
    await verifyRecaptcha(ctx, 'register', recaptchaToken, req.ip);
    await assertUnderLimit(ctx, LIMITS.registerIp, req.ip);
    const { user, needsVerification } = await register(ctx, input, req);
    // Only accounts actually made count against the address.
    await hit(ctx, LIMITS.registerIp, req.ip);
    if (needsVerification) return { status: 'needs_email_verification', message: 'We have sent you an email with a link to confirm your address.' };
    // No "stay signed in" choice on the form: a new member stays signed in, as every sign-in did before the choice counted.
    await startSession(ctx, req, reply, user.id, true);
    return { status: 'success', user: await currentUser(ctx, user.id) };
  });

  api.post('/api/v1/auth/password/email', { ...open, schema: { body: passwordEmailSchema, response: { 200: doneResponse } } }, async (req) => {
    await sendPasswordResetLink(ctx, req.body.email, req);
    return { message: 'If an account exists for that email, we have sent a password reset link to it.' };
  });

  api.post('/api/v1/auth/password/reset', { ...open, schema: { body: passwordResetSchema, response: { 200: doneResponse } } }, async (req, reply) => {
    const { userId, hash } = await resetPassword(ctx, req.body);
    // The browser that opened the mailed link signs in even while strangers are locked out of the account.
    rememberDevice(req, reply, userId, hash);
    return { message: 'Your password has been reset. You can now log in.' };
  });

  // Open to anyone holding the link: it may be opened in another browser than the one that asked.
  api.post('/api/v1/auth/email/change', { ...open, schema: { body: verifyEmailSchema, response: { 200: doneResponse } } }, async (req) => {
    await confirmEmailChange(ctx, req.body.token);
    return { message: 'Your email address has been changed.' };
  });

  api.post('/api/v1/auth/email/verify', { ...open, schema: { body: verifyEmailSchema, response: { 200: doneResponse } } }, async (req) => {
    await verifyEmail(ctx, req.body.token);
    return { message: 'Your email address has been confirmed.' };
  });

  app.post('/api/v1/auth/email/verification-notification', { config: { permission: 'authenticated', unconfirmed: true }, schema: { response: { 200: doneResponse } } }, async (req) => {
    const user = await currentUser(ctx, requireUser(req));
    if (user!.email_verified_at) throw new HttpError(422, 'This email is already confirmed.');
    // The address is not proven yet: whoever signed up with it could otherwise make the site mail it without end.
    await consume(ctx, LIMITS.verificationMail, String(user!.id));
    await sendVerificationEmail(ctx, user!, req);
    return { message: 'Confirmation email sent.' };
  });

  app.get('/api/v1/auth/access-tokens', { config: { permission: 'api.access' }, schema: { response: { 200: accessTokenListResponse } } }, async (req) => ({
    tokens: await listAccessTokens(ctx.db, requireUser(req)),
    docs_url: (await ctx.settings.get('server.api_docs.enable')) ? API_DOCS_PREFIX : null,
  }));

  api.post('/api/v1/auth/access-tokens', { config: { permission: 'api.access' }, schema: { body: accessTokenSchema, response: { 200: accessTokenCreatedResponse } } }, async (req) =>
    ({ plainTextToken: await createAccessToken(ctx, requireUser(req), req.body, req.auth.scoped ? req.auth.permissions : null) }));

  api.delete('/api/v1/auth/access-tokens/:id', { config: { permission: 'api.access' }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteAccessToken(ctx.db, requireUser(req), req.params.id);
    return {};
  });
}
