import { adminGrantRequestSchema, adminRevokeRequestSchema, emailSchema } from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Access } from '../access.js';
import { customerView, grantAccess, revokeAccess } from './admin.js';

const revokeSchema = adminRevokeRequestSchema.extend({
  reason: z.string().trim().max(500).optional(),
});

/**
 * The admin panel's calls. The admin role is checked here, by the service that owns the data,
 * whatever the gateway did.
 */
export function adminRoutes(access: Access): Router {
  const router = Router();
  route(router, access.auth, {
    method: 'post',
    path: '/api/admin/grant-access',
    auth: 'admin',
    body: adminGrantRequestSchema,
    handler: ({ body, user }) => grantAccess(access, user, body),
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/admin/revoke-access',
    auth: 'admin',
    body: revokeSchema,
    handler: ({ body, user }) => revokeAccess(access, user, body),
  });
  route(router, access.auth, {
    method: 'get',
    path: '/api/admin/customers',
    auth: 'admin',
    query: z.object({ email: emailSchema }),
    handler: ({ query }) => customerView(access, query.email),
  });
  return router;
}
