import type { TimelineResponse } from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { readTimeline } from './timeline.js';

/** GET /api/timeline: the signed-in user's own history. */
export function timelineRoutes(access: Access): Router {
  const router = Router();
  route(router, access.auth, {
    method: 'get',
    path: '/api/timeline',
    auth: 'user',
    handler: async ({ user }): Promise<TimelineResponse> => ({
      events: await readTimeline(access, user.id, access.config.TIMELINE_LIMIT),
    }),
  });
  return router;
}
