import { accessGptRequestSchema, type AccessGptResponse } from '@mia/contracts';
import { HttpError, route } from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { loadGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { recordUse } from '../usage/usage.js';
import { verdictMessage } from '../verification/messages.js';
import { dashboardOf } from './dashboard.js';

/** The signed-in user's dashboard and the Usar button. */
export function dashboardRoutes(access: Access): Router {
  const router = Router();

  route(router, access.auth, {
    method: 'get',
    path: '/api/dashboard',
    auth: 'user',
    handler: ({ user }) => dashboardOf(access, user),
  });

  route(router, access.auth, {
    method: 'post',
    path: '/api/access-gpt',
    auth: 'user',
    body: accessGptRequestSchema,
    handler: async ({ body, user }): Promise<AccessGptResponse> => {
      // The destination as this replica last heard it from billing: a change applies at the
      // next click. A retired tool still opens for whoever may use it.
      const product = access.catalog.find(body.productId);
      if (!product) throw new HttpError(400, 'Producto desconocido.', 'unknown_product');
      const now = access.clock();
      // The decision rests on the entitlements stream itself, not on a read model.
      const verdict = usable(await loadGrants(access.commands, user.id), product.id, now);
      if (!verdict.allowed) {
        throw new HttpError(
          403,
          verdictMessage(verdict.reason, product.name.es, verdict.grant?.validUntil ?? null),
          'access_denied',
          { reason: verdict.reason },
        );
      }
      const totalUsage = await recordUse(access.events, {
        userId: user.id,
        productId: product.id,
        via: 'dashboard',
        at: now,
      });
      return { gptUrl: product.destination.url, productName: product.name.es, totalUsage };
    },
  });

  return router;
}
