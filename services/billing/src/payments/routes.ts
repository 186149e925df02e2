import { confirmPaymentRequestSchema, createPaymentIntentRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { confirmPayment } from './confirm-payment.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { paymentsToReview } from './payment-review.js';
import { inCustomerLanguage } from '../promotions/apply-promotion.js';

/** The spec's checkout calls for single tools (section 7). */
export function paymentRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  route({
    method: 'post',
    path: '/api/create-payment-intent',
    auth: 'user',
    body: createPaymentIntentRequestSchema,
    handler: ({ body, user, req }) =>
      inCustomerLanguage(req.headers['accept-language'], () =>
        createPaymentIntent(billing, payerOf(user), body.productId, body.promotionCode),
      ),
  });

  route({
    method: 'post',
    path: '/api/confirm-payment',
    auth: 'user',
    body: confirmPaymentRequestSchema,
    handler: ({ body, user }) => confirmPayment(billing, user.id, body.paymentIntentId),
  });

  // Paid for other money than started: nothing granted; staff decide (admin, checked here).
  route({
    method: 'get',
    path: '/api/admin/payments/review',
    auth: 'admin',
    handler: () => paymentsToReview(billing),
  });

  return router;
}
