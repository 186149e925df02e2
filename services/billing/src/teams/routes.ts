import { createTeamRequestSchema, ownIdSchema, updateTeamRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Billing } from '../billing.js';
import { payerOf } from '../customers/provider-customer.js';
import { createTeam } from './create-team.js';
import { inTeamLanguage } from './team-messages.js';
import { updateTeam } from './update-team.js';

/**
 * The money side of churches' team plans (ADR 0020): buying one and changing its seats or its
 * cancellation. Everything else under /api/teams (members, invitations) is access's.
 */
export function teamRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  route({
    method: 'post',
    path: '/api/teams',
    auth: 'user',
    body: createTeamRequestSchema,
    handler: ({ body, user }) => createTeam(billing, payerOf(user), body),
  });

  route({
    method: 'patch',
    path: '/api/teams/:teamId',
    auth: 'user',
    params: z.object({ teamId: ownIdSchema }),
    body: updateTeamRequestSchema,
    handler: ({ body, params, user, req }) =>
      inTeamLanguage(req.headers['accept-language'], () =>
        updateTeam(billing, user.id, params.teamId, body),
      ),
  });

  return router;
}
