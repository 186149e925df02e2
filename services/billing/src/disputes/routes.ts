import { disputeEvidenceRequestSchema, disputeIdParamSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Billing } from '../billing.js';
import { listOpenDisputes, submitDisputeEvidence } from './admin-disputes.js';

const params = z.object({ disputeId: disputeIdParamSchema });

export function disputeRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);
  // The admin role is checked here, by the service that owns the money, whatever the gateway did.
  route({
    method: 'get',
    path: '/api/admin/disputes',
    auth: 'admin',
    handler: () => listOpenDisputes(billing),
  });
  route({
    method: 'post',
    path: '/api/admin/disputes/:disputeId/evidence',
    auth: 'admin',
    params,
    body: disputeEvidenceRequestSchema,
    handler: ({ body, params: { disputeId }, user }) =>
      submitDisputeEvidence(billing, user.id, disputeId, body),
  });
  return router;
}
