import type { BillingConfigResponse } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { billingOverview } from './billing-overview.js';
import { setUpPaymentMethod } from './payment-method.js';

export function overviewRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // What the checkout needs to load its card form: Stripe.js, or the labelled sandbox form.
  route({
    method: 'get',
    path: '/api/billing/config',
    auth: 'public',
    handler: (): BillingConfigResponse => ({
      sandbox: billing.provider.sandbox,
      publishableKey: billing.provider.publishableKey,
    }),
  });

  route({
    method: 'get',
    path: '/api/billing',
    auth: 'user',
    handler: ({ user }) => billingOverview(billing, user.id),
  });

  route({
    method: 'post',
    path: '/api/billing/payment-method',
    auth: 'user',
    handler: ({ user }) => setUpPaymentMethod(billing, payerOf(user)),
  });

  return router;
}
