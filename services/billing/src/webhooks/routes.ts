import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { handleStripeEvent } from './stripe-events.js';
import { verifyWebhook } from './verify.js';

export function webhookRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // Signed by the provider, not by a session. The kit's JSON parser keeps the exact bytes
  // (req.rawBody), which is what the signature covers. A failure answers 500 and the provider
  // delivers the event again.
  route({
    method: 'post',
    path: '/api/webhooks/stripe',
    auth: 'public',
    async handler({ req }) {
      const { provider } = billing;
      const event = verifyWebhook(
        provider.stripe,
        req.rawBody,
        req.headers['stripe-signature'],
        provider.webhookSecret,
      );
      const outcome = await handleStripeEvent(billing, event);
      billing.logger.debug({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true, outcome };
    },
  });

  return router;
}
