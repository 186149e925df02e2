import { createPromotionCodeRequestSchema, promotionCodeInputSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Billing } from '../billing.js';
import {
  createPromotionCode,
  deactivatePromotionCode,
  listPromotionCodes,
} from './admin-promotions.js';

const params = z.object({ code: promotionCodeInputSchema });

/** The owner's promotion codes (issue 24). */
export function promotionRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);
  // The admin role is checked here, by the service that owns the money, whatever the gateway did.
  route({
    method: 'post',
    path: '/api/admin/promotion-codes',
    auth: 'admin',
    body: createPromotionCodeRequestSchema,
    status: 201,
    handler: ({ body, user }) => createPromotionCode(billing, user.id, body),
  });
  route({
    method: 'get',
    path: '/api/admin/promotion-codes',
    auth: 'admin',
    handler: () => listPromotionCodes(billing),
  });
  route({
    method: 'post',
    path: '/api/admin/promotion-codes/:code/deactivate',
    auth: 'admin',
    params,
    handler: ({ params: { code }, user }) => deactivatePromotionCode(billing, user.id, code),
  });
  return router;
}
