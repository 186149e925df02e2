import { updateAccountSettingsRequestSchema, type AccountSettings } from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { settingsDecider, settingsStreamId } from './settings-decider.js';

/** The signed-in user's own account settings (there is no way to name another user's). */
export function settingsRoutes(access: Access): Router {
  const router = Router();
  route(router, access.auth, {
    method: 'get',
    path: '/api/settings',
    auth: 'user',
    handler: async ({ user, res }): Promise<AccountSettings> => {
      res.set('cache-control', 'no-store');
      const { state } = await access.commands.load(settingsStreamId(user.id), settingsDecider);
      return state;
    },
  });
  route(router, access.auth, {
    method: 'put',
    path: '/api/settings',
    auth: 'user',
    body: updateAccountSettingsRequestSchema,
    handler: async ({ user, body, res }): Promise<AccountSettings> => {
      res.set('cache-control', 'no-store');
      const { state } = await access.commands.handle(settingsStreamId(user.id), settingsDecider, {
        kind: 'change',
        userId: user.id,
        settings: body,
      });
      return state;
    },
  });
  return router;
}
