import {
  acceptTeamInvitationResponseSchema,
  inviteTeamMemberRequestSchema,
  ownIdSchema,
  teamInvitationTokenRequestSchema,
  type AcceptTeamInvitationResponse,
  type InviteTeamMemberResponse,
  type MyTeamsResponse,
  type TeamInvitationPreview,
  type TeamResponse,
} from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Access } from '../access.js';
import { inLanguage } from './team-messages.js';
import {
  acceptInvitation,
  changeTeam,
  inviteMember,
  myTeams,
  previewInvitation,
  teamView,
} from './teams.js';

// Access's part of /api/teams and /api/team-invitations (ADR 0020; billing owns POST /api/teams
// and PATCH /api/teams/{teamId}). Refusals come in the caller's language.

const languageOf = (req: Request): 'es' | 'en' =>
  req.acceptsLanguages('es', 'en') === 'en' ? 'en' : 'es';

/** Runs `fn`, its refusal's message in the request's language. */
async function localized<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw inLanguage(err, languageOf(req));
  }
}

const teamParams = z.object({ teamId: ownIdSchema });
const memberParams = z.object({ teamId: ownIdSchema, userId: ownIdSchema });
const invitationParams = z.object({ teamId: ownIdSchema, invitationId: ownIdSchema });

export function teamRoutes(access: Access): Router {
  const router = Router();
  route(router, access.auth, {
    method: 'get',
    path: '/api/teams',
    auth: 'user',
    handler: ({ user }): Promise<MyTeamsResponse> => myTeams(access, user.id),
  });
  route(router, access.auth, {
    method: 'get',
    path: '/api/teams/:teamId',
    auth: 'user',
    params: teamParams,
    handler: ({ user, params, req }): Promise<TeamResponse> =>
      localized(req, () => teamView(access, params.teamId, user.id)),
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/teams/:teamId/invitations',
    auth: 'user',
    params: teamParams,
    body: inviteTeamMemberRequestSchema,
    status: 201,
    handler: ({ user, params, body, req }): Promise<InviteTeamMemberResponse> =>
      localized(req, () =>
        inviteMember(access, {
          teamId: params.teamId,
          by: user,
          email: body.email,
          language: languageOf(req),
        }),
      ),
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/teams/:teamId/invitations/:invitationId/resend',
    auth: 'user',
    params: invitationParams,
    handler: async ({ user, params, req, res }) => {
      await localized(req, () =>
        inviteMember(access, {
          teamId: params.teamId,
          by: user,
          email: '',
          language: languageOf(req),
          resendOf: params.invitationId,
        }),
      );
      res.status(204).end();
    },
  });
  route(router, access.auth, {
    method: 'delete',
    path: '/api/teams/:teamId/invitations/:invitationId',
    auth: 'user',
    params: invitationParams,
    handler: async ({ user, params, req, res }) => {
      await localized(req, () =>
        changeTeam(access, {
          kind: 'withdraw-invitation',
          teamId: params.teamId,
          by: user.id,
          invitationId: params.invitationId,
        }),
      );
      res.status(204).end();
    },
  });
  route(router, access.auth, {
    method: 'delete',
    path: '/api/teams/:teamId/members/:userId',
    auth: 'user',
    params: memberParams,
    handler: async ({ user, params, req, res }) => {
      await localized(req, () =>
        changeTeam(access, {
          kind: 'remove-member',
          teamId: params.teamId,
          by: user.id,
          userId: params.userId,
        }),
      );
      res.status(204).end();
    },
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/team-invitations/preview',
    auth: 'public',
    body: teamInvitationTokenRequestSchema,
    handler: ({ body, req }): Promise<TeamInvitationPreview> =>
      localized(req, () => previewInvitation(access, body.token)),
  });
  route(router, access.auth, {
    method: 'post',
    path: '/api/team-invitations/accept',
    auth: 'user',
    body: teamInvitationTokenRequestSchema,
    handler: async ({ user, body, req }): Promise<AcceptTeamInvitationResponse> =>
      acceptTeamInvitationResponseSchema.parse(
        await localized(req, () => acceptInvitation(access, user.id, body.token)),
      ),
  });
  return router;
}
