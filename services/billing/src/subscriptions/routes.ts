import {
  changePlanRequestSchema,
  createSubscriptionRequestSchema,
  paymentMethodConfirmRequestSchema,
} from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { createSubscription } from './create-subscription.js';
import { cancelAtPeriodEnd, changePlan, resume } from './manage-subscription.js';
import { confirmPaymentMethod } from './pay-past-due.js';
import { inCustomerLanguage } from '../promotions/apply-promotion.js';

/** The plans' checkout (spec section 7) and the dashboard's self-service buttons. */
export function subscriptionRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  route({
    method: 'post',
    path: '/api/subscriptions',
    auth: 'user',
    body: createSubscriptionRequestSchema,
    handler: ({ body, user, req }) =>
      inCustomerLanguage(req.headers['accept-language'], () =>
        createSubscription(billing, payerOf(user), body),
      ),
  });

  route({
    method: 'post',
    path: '/api/billing/subscription/cancel',
    auth: 'user',
    handler: ({ user }) => cancelAtPeriodEnd(billing, user.id),
  });

  route({
    method: 'post',
    path: '/api/billing/subscription/resume',
    auth: 'user',
    handler: ({ user }) => resume(billing, user.id),
  });

  route({
    method: 'post',
    path: '/api/billing/subscription/change-plan',
    auth: 'user',
    body: changePlanRequestSchema,
    handler: ({ body, user }) => changePlan(billing, user.id, body.planType),
  });

  // The card just saved (SetupIntent confirmed) pays a past-due plan's open invoice at once.
  route({
    method: 'post',
    path: '/api/billing/payment-method/confirm',
    auth: 'user',
    body: paymentMethodConfirmRequestSchema,
    handler: ({ body, user }) => confirmPaymentMethod(billing, payerOf(user), body.setupIntentId),
  });

  return router;
}
