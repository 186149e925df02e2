import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { startTrial } from './start-trial.js';
import { trialLanguage } from './trial-messages.js';

export function trialRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // The spec posts an empty JSON body; nothing in it is read.
  route({
    method: 'post',
    path: '/api/trial/start',
    auth: 'user',
    handler: ({ user, req }) => startTrial(billing, payerOf(user), trialLanguage(req)),
  });

  return router;
}
