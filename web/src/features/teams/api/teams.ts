import {
  acceptTeamInvitationResponseSchema,
  changeTeamSeatsResponseSchema,
  createTeamResponseSchema,
  inviteTeamMemberResponseSchema,
  myTeamsResponseSchema,
  teamInvitationPreviewSchema,
  teamResponseSchema,
  type CreateTeamRequest,
} from '@mia/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation, type MutationRetries } from '@/lib/invalidating-mutation';
import { retryWhileConfirmationTravels } from '@/lib/link-error';

// Issue 25's team routes (libs/contracts/src/api/teams.ts): billing answers POST /api/teams and
// PATCH /api/teams/{teamId}, access the rest; the page does not need to know which.

const team = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export const teamsQueryKey = ['teams'] as const;

export const myTeamsQueryOptions = () =>
  queryOptions({
    queryKey: [...teamsQueryKey, 'mine'],
    queryFn: () => api.get('/api/teams', { schema: myTeamsResponseSchema }),
  });
export const useMyTeams = (enabled = true) => useQuery({ ...myTeamsQueryOptions(), enabled });

export const teamQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: [...teamsQueryKey, 'team', teamId],
    queryFn: () => api.get(team(teamId), { schema: teamResponseSchema }),
  });
export const useTeam = (teamId: string) => useQuery(teamQueryOptions(teamId));

/** POST /api/teams: the payment to confirm; paying it makes the buyer the owner. */
export const createTeam = (request: CreateTeamRequest) =>
  api.post('/api/teams', request, { schema: createTeamResponseSchema });
export const useCreateTeam = () => useMutation({ mutationFn: createTeam });

/** Every change of a team refreshes the owner's view and the list of teams. */
const useTeamMutation = <V, R>(run: (variables: V) => Promise<R>, retries?: MutationRetries) =>
  useInvalidatingMutation(teamsQueryKey, run, retries);

export const useInvite = (teamId: string) =>
  useTeamMutation((email: string) =>
    api.post(`${team(teamId)}/invitations`, { email }, { schema: inviteTeamMemberResponseSchema }),
  );

export const useResendInvitation = (teamId: string) =>
  useTeamMutation((invitationId: string) =>
    api.post(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`),
  );

export const useWithdrawInvitation = (teamId: string) =>
  useTeamMutation((invitationId: string) =>
    api.delete(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}`),
  );

/** The owner removes a member, or a member leaves (their own id): both free the seat at once. */
export const useRemoveMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    api.delete(`${team(teamId)}/members/${encodeURIComponent(userId)}`),
  );

export const useChangeSeats = (teamId: string) =>
  useTeamMutation((seats: number) =>
    api.patch(team(teamId), { seats }, { schema: changeTeamSeatsResponseSchema }),
  );

/** The brief's PATCH {cancelAtPeriodEnd: true}: the plan ends with its paid period. */
export const useCancelTeamPlan = (teamId: string) =>
  useTeamMutation(() => api.patch(team(teamId), { cancelAtPeriodEnd: true }));

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['team-invitation', token],
    queryFn: () =>
      api.post('/api/team-invitations/preview', { token }, { schema: teamInvitationPreviewSchema }),
    retry: false,
    staleTime: Infinity,
  });
export const useInvitationPreview = (token: string) =>
  useQuery({ ...invitationPreviewQueryOptions(token), enabled: token !== '' });

export const useAcceptInvitation = () =>
  useTeamMutation(
    (token: string) =>
      api.post(
        '/api/team-invitations/accept',
        { token },
        { schema: acceptTeamInvitationResponseSchema },
      ),
    retryWhileConfirmationTravels,
  );
