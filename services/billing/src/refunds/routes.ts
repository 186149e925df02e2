import { adminRefundRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { refundPayment } from './admin-refund.js';

export function refundRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // The admin role is checked here, by the service that owns the money, whatever the gateway did.
  route({
    method: 'post',
    path: '/api/admin/refunds',
    auth: 'admin',
    body: adminRefundRequestSchema,
    handler: ({ body, user }) => refundPayment(billing, user.id, body),
  });

  return router;
}
