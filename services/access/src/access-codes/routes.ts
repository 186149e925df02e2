import type { AccessCodeResponse } from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { ownAccessCode, rotateAccessCode } from './access-codes.js';

/** The user's own access code: shown (issued on first use) and rotated. */
export function accessCodeRoutes(access: Access): Router {
  const router = Router();
  route(router, access.auth, {
    method: 'get',
    path: '/api/access-code',
    auth: 'user',
    handler: async ({ user, res }): Promise<AccessCodeResponse> => {
      res.set('cache-control', 'no-store');
      return { accessCode: await ownAccessCode(access, user.id) };
    },
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/access-code/rotate',
    auth: 'user',
    handler: async ({ user, res }): Promise<AccessCodeResponse> => {
      res.set('cache-control', 'no-store');
      return { accessCode: await rotateAccessCode(access, user.id) };
    },
  });
  return router;
}
