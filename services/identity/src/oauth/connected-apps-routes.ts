import { notFound, routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Identity } from '../identity.js';
import { revokeConnection } from './connections.js';
import { connectedApps } from './connected-apps.js';

/** Account Settings' "Aplicaciones conectadas": the apps the user allowed, and Revocar. */
export function connectedAppsRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);

  route({
    method: 'get',
    path: '/api/connected-apps',
    auth: 'user',
    async handler({ user }) {
      return { apps: await connectedApps(identity.db, user.id, identity.clock()) };
    },
  });

  route({
    method: 'delete',
    path: '/api/connected-apps/:id',
    auth: 'user',
    params: z.object({ id: z.string().min(1).max(100) }),
    async handler({ user, params, res }) {
      // Only the caller's own live connections; anyone else's is "not found", not "forbidden".
      const connection = await identity.db.oAuthConnection.findFirst({
        where: { grantId: params.id, userId: user.id, revokedAt: null },
      });
      if (!connection) throw notFound('Connected app not found', 'not_found');
      await revokeConnection(identity, connection.grantId, 'user');
      res.status(204).end();
      return undefined;
    },
  });

  return router;
}
