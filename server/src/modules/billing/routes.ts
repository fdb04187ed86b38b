import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelSubscriptionSchema, doneResponse, listQuerySchema, productInputSchema, productListResponse, productResponse, subscriptionCancelResponse,
  subscriptionInputSchema, subscriptionListResponse, subscriptionResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, typed } from '../../http/schema.ts';
import { paginate } from '../../http/list-query.ts';
import { actorOf } from '../roles/grants.ts';
import {
  findProduct, findSubscription, productsBase, productsListDefinition, subscriptionsBase, subscriptionsListDefinition, toProducts, toSubscription,
} from './repository.ts';
import {
  cancelSubscription, createProduct, createSubscription, deleteProduct, deleteSubscription, resumeSubscription, updateProduct, updateSubscription,
} from './service.ts';
import { syncPlans } from './sync.ts';
import { stripeWebhookRoutes } from './webhooks.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { paypalWebhookRoutes } from './paypal-webhooks.ts';
import './notices.ts';

/** Billing calls of Part C section 7: plans (products with prices) and subscriptions. */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  stripeWebhookRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  paypalWebhookRoutes(app, ctx);
  const api = typed(app);
  const plans = 'plans.update';
  const subs = 'subscriptions.update';
  // Managers see hidden plans and work while billing is still switched off; everyone else sees the public catalogue.
  const manages = (req: FastifyRequest) => req.auth.can(plans);
  const assertVisible = async (req: FastifyRequest) => {
    if (!manages(req) && !(await ctx.settings.get('client.billing.enable'))) throw notFound('Billing is not enabled.');
  };

  api.get('/api/v1/billing/products', { config: { permission: ['plans.view', plans] }, schema: { querystring: listQuerySchema, response: { 200: productListResponse } } }, async (req) => {
    await assertVisible(req);
    const page = await paginate(productsBase(ctx.db, manages(req)), req.query, productsListDefinition());
    return { pagination: { ...page, data: await toProducts(ctx.db, page.data as Parameters<typeof toProducts>[1]) } };
  });

  api.post('/api/v1/billing/products/sync', { config: { permission: plans }, schema: { response: { 200: doneResponse } } }, async () => {
    await syncPlans(ctx);
    return { message: 'Plans synced' };
  });

  api.get('/api/v1/billing/products/:id', { config: { permission: ['plans.view', plans] }, schema: { params: idParam, response: { 200: productResponse } } }, async (req) => {
    await assertVisible(req);
    const product = await findProduct(ctx.db, req.params.id);
    if (!product || (product.hidden && !manages(req))) throw notFound('Plan not found');
    return { product };
  });

  api.post('/api/v1/billing/products', { config: { permission: plans }, schema: { body: productInputSchema, response: { 200: productResponse } } }, async (req) =>
    ({ product: await createProduct(ctx, req.body, actorOf(req)), message: 'Plan created' }));

  api.put('/api/v1/billing/products/:id', { config: { permission: plans }, schema: { params: idParam, body: productInputSchema, response: { 200: productResponse } } }, async (req) =>
    ({ product: await updateProduct(ctx, req.params.id, req.body, actorOf(req)), message: 'Plan updated' }));

  api.delete('/api/v1/billing/products/:id', { config: { permission: plans }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteProduct(ctx, req.params.id);
    return { message: 'Plan deleted' };
  });

  api.get('/api/v1/billing/subscriptions', { config: { permission: subs }, schema: { querystring: listQuerySchema, response: { 200: subscriptionListResponse } } }, async (req) => {
    const page = await paginate(subscriptionsBase(ctx.db), req.query, subscriptionsListDefinition(ctx), toSubscription);
    return { pagination: page };
  });

  api.get('/api/v1/billing/subscriptions/:id', { config: { permission: subs }, schema: { params: idParam, response: { 200: subscriptionResponse } } }, async (req) => {
    const subscription = await findSubscription(ctx.db, req.params.id);
    if (!subscription) throw notFound('Subscription not found');
    return { subscription };
  });

  api.post('/api/v1/billing/subscriptions', { config: { permission: subs }, schema: { body: subscriptionInputSchema, response: { 200: subscriptionResponse } } }, async (req) =>
    ({ subscription: await createSubscription(ctx, req.body), message: 'Subscription created' }));

  api.put('/api/v1/billing/subscriptions/:id', { config: { permission: subs }, schema: { params: idParam, body: subscriptionInputSchema, response: { 200: subscriptionResponse } } }, async (req) =>
    ({ subscription: await updateSubscription(ctx, req.params.id, req.body), message: 'Subscription updated' }));

  // The spec's delete is a cancel with a delete flag; DELETE does the same.
  api.post('/api/v1/billing/subscriptions/:id/cancel', { config: { permission: subs }, schema: { params: idParam, body: cancelSubscriptionSchema, response: { 200: subscriptionCancelResponse } } }, async (req) => {
    const { id } = req.params;
    if (req.body.delete) {
      await deleteSubscription(ctx, id);
      return { message: 'Subscription deleted' };
    }
    return { subscription: await cancelSubscription(ctx, id), message: 'Subscription cancelled' };
  });

  api.post('/api/v1/billing/subscriptions/:id/resume', { config: { permission: subs }, schema: { params: idParam, response: { 200: subscriptionResponse } } }, async (req) =>
    ({ subscription: await resumeSubscription(ctx, req.params.id), message: 'Subscription resumed' }));

  api.delete('/api/v1/billing/subscriptions/:id', { config: { permission: subs }, schema: { params: idParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteSubscription(ctx, req.params.id);
    return { message: 'Subscription deleted' };
  });
}
