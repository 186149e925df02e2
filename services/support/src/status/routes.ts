import { postIncidentRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Support } from '../support.js';
import { postIncident, resolveIncident } from './incident-commands.js';
import { openIncidents, readStatus } from './status-queries.js';

const idParams = z.object({ id: z.string() });

/**
 * The public status page's data and the incidents staff post on it. GET /api/status is public
 * and the same for everyone, so shared caches may keep it for 10 s; staff routes are admins
 * with a second factor only (the kit's 'admin'), checked here whatever the gateway did.
 */
export function statusRoutes(support: Support): Router {
  const router = Router();
  const route = routesOf(router, support.auth);
  const deps = { commands: support.commands, newId: support.newId, db: support.db };

  route({
    method: 'get',
    path: '/api/status',
    auth: 'public',
    handler: async ({ res }) => {
      const status = await readStatus(support.db, support.clock(), support.config);
      res.set('cache-control', 'public, max-age=10');
      return status;
    },
  });

  // Staff's list of what is still open (no-store, unlike the public page's 10 s answer).
  route({
    method: 'get',
    path: '/api/admin/incidents',
    auth: 'admin',
    handler: async () => ({ incidents: await openIncidents(support.db) }),
  });

  route({
    method: 'post',
    path: '/api/admin/incidents',
    auth: 'admin',
    status: 201,
    body: postIncidentRequestSchema,
    handler: ({ body, user }) => postIncident(deps, user.id, body),
  });

  route({
    method: 'post',
    path: '/api/admin/incidents/:id/resolve',
    auth: 'admin',
    params: idParams,
    handler: ({ params, user }) => resolveIncident(deps, user.id, params.id),
  });

  return router;
}
