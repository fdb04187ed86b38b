import type { FastifyInstance } from 'fastify';
import { accessTokenSchema, loginSchema, passwordEmailSchema, passwordResetSchema, registerSchema, verifyEmailSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, parse } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';
import { LIMITS, assertUnderLimit, hit } from '../../http/rate-limit.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import {
  assertPoliciesAccepted, currentUser, login, logout, register, resetPassword, sendPasswordResetLink, sendVerificationEmail, startSession, verifyEmail,
} from './service.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './access-tokens.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const open = { config: { permission: 'public' } };

  app.get('/api/v1/auth/me', open, async (req) => ({
    user: req.auth.userId ? await currentUser(ctx, req.auth.userId) : null,
    guest_permissions: req.auth.userId ? undefined : [...req.auth.permissions],
    settings: await ctx.settings.all('client'),
    version: ctx.version,
  }));

  app.post('/api/v1/auth/login', open, async (req, reply) => {
    const input = parse(loginSchema, req.body);
    const user = await login(ctx, req, reply, input.email, input.password);
    return user ? { user } : { user: null, two_factor: true };
  });

  app.post('/api/v1/auth/logout', open, async (req, reply) => {
    await logout(ctx, req, reply);
    return {};
  });

  app.post('/api/v1/auth/register', open, async (req, reply) => {
    const input = parse(registerSchema, req.body);
    const extra = (req.body ?? {}) as { recaptcha_token?: unknown; accepted_policies?: unknown };
    await assertPoliciesAccepted(ctx, extra.accepted_policies);
    await verifyRecaptcha(ctx, 'register', extra.recaptcha_token, req.ip);
    await assertUnderLimit(ctx, LIMITS.registerIp, req.ip);
    const { user, needsVerification } = await register(ctx, input);
    // Only accounts actually made count against the address.
    await hit(ctx, LIMITS.registerIp, req.ip);
    if (needsVerification) return { status: 'needs_email_verification', message: 'We have sent you an email with a link to confirm your address.' };
    await startSession(ctx, req, reply, user.id);
    return { status: 'success', user: await currentUser(ctx, user.id) };
  });

  app.post('/api/v1/auth/password/email', open, async (req) => {
    await sendPasswordResetLink(ctx, parse(passwordEmailSchema, req.body).email, req.ip);
    return { message: 'If an account exists for that email, we have sent a password reset link to it.' };
  });

  app.post('/api/v1/auth/password/reset', open, async (req) => {
    await resetPassword(ctx, parse(passwordResetSchema, req.body));
    return { message: 'Your password has been reset. You can now log in.' };
  });

  app.post('/api/v1/auth/email/verify', open, async (req) => {
    await verifyEmail(ctx, parse(verifyEmailSchema, req.body).token);
    return { message: 'Your email address has been confirmed.' };
  });

  app.post('/api/v1/auth/email/verification-notification', { config: { permission: 'authenticated' } }, async (req) => {
    const user = await currentUser(ctx, requireUser(req));
    if (user!.email_verified_at) throw new HttpError(422, 'This email is already confirmed.');
    await sendVerificationEmail(ctx, user!);
    return { message: 'Confirmation email sent.' };
  });

  app.get('/api/v1/auth/access-tokens', { config: { permission: 'api.access' } }, async (req) => ({
    tokens: await listAccessTokens(ctx.db, requireUser(req)),
  }));

  app.post('/api/v1/auth/access-tokens', { config: { permission: 'api.access' } }, async (req) => {
    return { plainTextToken: await createAccessToken(ctx, requireUser(req), parse(accessTokenSchema, req.body)) };
  });

  app.delete('/api/v1/auth/access-tokens/:id', { config: { permission: 'api.access' } }, async (req) => {
    await deleteAccessToken(ctx.db, requireUser(req), Number((req.params as { id: string }).id));
    return {};
  });
}
