import { createGiftRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { createGift } from './create-gift.js';

/** Billing's one gift route (ADR 0020): the money. The rest of /api/gifts is access's. */
export function giftRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  route({
    method: 'post',
    path: '/api/gifts',
    auth: 'user',
    body: createGiftRequestSchema,
    handler: ({ body, user }) => createGift(billing, payerOf(user), body),
  });

  return router;
}
