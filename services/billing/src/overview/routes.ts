import type { BillingConfigResponse } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { isTestMode } from '../config.js';
import { payerOf } from '../customers/provider-customer.js';
import { requestLang } from '../gifts/gift-invoices.js';
import { billingOverview } from './billing-overview.js';
import { setUpPaymentMethod } from './payment-method.js';

export function overviewRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // What the checkout needs to load its card form (Stripe.js, or the labelled sandbox form),
  // and whether payments are make-believe (the app's "test mode" ribbon). The same for every
  // visitor until a redeploy, so browsers and caches may keep it a few minutes.
  route({
    method: 'get',
    path: '/api/billing/config',
    auth: 'public',
    handler: ({ res }): BillingConfigResponse => {
      res.set('cache-control', 'public, max-age=300');
      return {
        sandbox: billing.provider.sandbox,
        publishableKey: billing.provider.publishableKey,
        testMode: isTestMode(billing.config),
      };
    },
  });

  route({
    method: 'get',
    path: '/api/billing',
    auth: 'user',
    // Team plans' and gifts' payments are labelled in the reader's language (?lang=, then
    // Accept-Language).
    handler: ({ user, req }) => billingOverview(billing, user.id, requestLang(req)),
  });

  route({
    method: 'post',
    path: '/api/billing/payment-method',
    auth: 'user',
    handler: ({ user }) => setUpPaymentMethod(billing, payerOf(user)),
  });

  return router;
}
