import { adminRoleRequestSchema, adminRoleResponseSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Identity } from '../identity.js';
import { changeRole } from './change-role.js';

/** Roles are decided by an admin's command (the kit's `admin` requires the second factor too). */
export function roleRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);

  route({
    method: 'post',
    path: '/api/admin/roles',
    auth: 'admin',
    body: adminRoleRequestSchema,
    async handler({ body, user }) {
      return adminRoleResponseSchema.parse(await changeRole(identity, user, body));
    },
  });

  return router;
}
