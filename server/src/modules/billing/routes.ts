import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cancelSubscriptionSchema, productInputSchema, subscriptionInputSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
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

const idParam = (params: unknown, what: string) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound(`${what} not found`);
  return id;
};

/** Billing calls of Part C section 7: plans (products with prices) and subscriptions. */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  stripeWebhookRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  paypalWebhookRoutes(app, ctx);
  const plans = 'plans.update';
  const subs = 'subscriptions.update';
  // Managers see hidden plans and work while billing is still switched off; everyone else sees the public catalogue.
  const manages = (req: FastifyRequest) => req.auth.can(plans);
  const assertVisible = async (req: FastifyRequest) => {
    if (!manages(req) && !(await ctx.settings.get('client.billing.enable'))) throw notFound('Billing is not enabled.');
  };

  app.get('/api/v1/billing/products', { config: { permission: ['plans.view', plans] } }, async (req) => {
    await assertVisible(req);
    const page = await paginate(productsBase(ctx.db, manages(req)), req.query, productsListDefinition());
    return { pagination: { ...page, data: await toProducts(ctx.db, page.data as Parameters<typeof toProducts>[1]) } };
  });

  app.post('/api/v1/billing/products/sync', { config: { permission: plans } }, async () => {
    await syncPlans(ctx);
    return { message: 'Plans synced' };
  });

  app.get('/api/v1/billing/products/:id', { config: { permission: ['plans.view', plans] } }, async (req) => {
    await assertVisible(req);
    const product = await findProduct(ctx.db, idParam(req.params, 'Plan'));
    if (!product || (product.hidden && !manages(req))) throw notFound('Plan not found');
    return { product };
  });

  app.post('/api/v1/billing/products', { config: { permission: plans } }, async (req) =>
    ({ product: await createProduct(ctx, parse(productInputSchema, req.body), actorOf(req)), message: 'Plan created' }));

  app.put('/api/v1/billing/products/:id', { config: { permission: plans } }, async (req) =>
    ({ product: await updateProduct(ctx, idParam(req.params, 'Plan'), parse(productInputSchema, req.body), actorOf(req)), message: 'Plan updated' }));

  app.delete('/api/v1/billing/products/:id', { config: { permission: plans } }, async (req) => {
    await deleteProduct(ctx, idParam(req.params, 'Plan'));
    return { message: 'Plan deleted' };
  });

  app.get('/api/v1/billing/subscriptions', { config: { permission: subs } }, async (req) => {
    const page = await paginate(subscriptionsBase(ctx.db), req.query, subscriptionsListDefinition(ctx), toSubscription);
    return { pagination: page };
  });

  app.get('/api/v1/billing/subscriptions/:id', { config: { permission: subs } }, async (req) => {
    const subscription = await findSubscription(ctx.db, idParam(req.params, 'Subscription'));
    if (!subscription) throw notFound('Subscription not found');
    return { subscription };
  });

  app.post('/api/v1/billing/subscriptions', { config: { permission: subs } }, async (req) =>
    ({ subscription: await createSubscription(ctx, parse(subscriptionInputSchema, req.body)), message: 'Subscription created' }));

  app.put('/api/v1/billing/subscriptions/:id', { config: { permission: subs } }, async (req) =>
    ({ subscription: await updateSubscription(ctx, idParam(req.params, 'Subscription'), parse(subscriptionInputSchema, req.body)), message: 'Subscription updated' }));

  // The spec's delete is a cancel with a delete flag; DELETE does the same.
  app.post('/api/v1/billing/subscriptions/:id/cancel', { config: { permission: subs } }, async (req) => {
    const id = idParam(req.params, 'Subscription');
    if (parse(cancelSubscriptionSchema, req.body).delete) {
      await deleteSubscription(ctx, id);
      return { message: 'Subscription deleted' };
    }
    return { subscription: await cancelSubscription(ctx, id), message: 'Subscription cancelled' };
  });

  app.post('/api/v1/billing/subscriptions/:id/resume', { config: { permission: subs } }, async (req) =>
    ({ subscription: await resumeSubscription(ctx, idParam(req.params, 'Subscription')), message: 'Subscription resumed' }));

  app.delete('/api/v1/billing/subscriptions/:id', { config: { permission: subs } }, async (req) => {
    await deleteSubscription(ctx, idParam(req.params, 'Subscription'));
    return { message: 'Subscription deleted' };
  });
}
