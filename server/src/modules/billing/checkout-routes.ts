import type { FastifyInstance } from 'fastify';
import {
  PLAN_CHANGE_APPROVAL, changePlanInputSchema, checkoutInputSchema, checkoutResponseSchema, invoiceListResponse, ownSubscriptionResponse, subscriptionResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { typed } from '../../http/schema.ts';
import { setStripeEndpoint } from './gateways/stripe.ts';
import { registerStripeCheck } from './stripe-check.ts';
import { cancelOwn, changeOwnPlan, ownInvoices, ownPaymentPage, ownSubscription, resumeOwn, startCheckout } from './checkout.ts';

/** The signed-in user's billing calls: checkout and their own subscription (the account's Billing panel). */
export function checkoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  // E2E runs point the Stripe SDK at a local server speaking its API (like OAUTH_*_BASE_URL for social login).
  if (ctx.config.stripeApiBaseUrl) setStripeEndpoint(ctx.config.stripeApiBaseUrl);
  registerStripeCheck();
  const api = typed(app);
  const self = { permission: 'authenticated' as const };

  api.post('/api/v1/billing/checkout', { config: self, schema: { body: checkoutInputSchema, response: { 200: checkoutResponseSchema } } }, async (req) =>
    startCheckout(ctx, requireUser(req), req.body));

  api.get('/api/v1/billing/subscription', { config: self, schema: { response: { 200: ownSubscriptionResponse } } }, async (req) =>
    ({ subscription: await ownSubscription(ctx, requireUser(req)) }));

  api.post('/api/v1/billing/subscription/cancel', { config: self, schema: { response: { 200: subscriptionResponse } } }, async (req) =>
    ({ subscription: await cancelOwn(ctx, requireUser(req)), message: 'Subscription cancelled' }));

  api.post('/api/v1/billing/subscription/resume', { config: self, schema: { response: { 200: subscriptionResponse } } }, async (req) =>
    ({ subscription: await resumeOwn(ctx, requireUser(req)), message: 'Subscription resumed' }));

  api.post('/api/v1/billing/subscription/change-plan', { config: self, schema: { body: changePlanInputSchema, response: { 200: ownSubscriptionResponse } } }, async (req) => {
    const { subscription, approveUrl } = await changeOwnPlan(ctx, requireUser(req), req.body.price_id);
    return approveUrl ? { subscription, url: approveUrl, message: PLAN_CHANGE_APPROVAL } : { subscription, message: 'Plan changed' };
  });

  api.post('/api/v1/billing/subscription/payment-method', { config: self, schema: { response: { 200: checkoutResponseSchema } } }, async (req) =>
    ownPaymentPage(ctx, requireUser(req)));

  api.get('/api/v1/billing/invoices', { config: self, schema: { response: { 200: invoiceListResponse } } }, async (req) =>
    ({ invoices: await ownInvoices(ctx, requireUser(req)) }));
}
