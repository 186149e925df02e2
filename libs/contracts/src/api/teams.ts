import { z } from 'zod';
import { instantSchema, ownIdSchema, planTypeSchema } from '../fields.js';
import { subscriptionStatusSchema } from '../billing/subscription-status.js';
import { teamNameSchema, teamSeatsSchema } from '../billing/team-plan.js';
import { singleLineText } from '../text.js';
import { emailSchema } from './auth.js';

// Churches' team plans (issue 25, ADR 0020). Billing owns POST /api/teams and
// PATCH /api/teams/{teamId} (the money); access owns everything else under /api/teams and
// /api/team-invitations (seats, members, invitations).

// POST /api/teams (billing): paying the returned secret, as any plan, makes the buyer the owner.
export const createTeamRequestSchema = z.object({
  name: teamNameSchema,
  planType: planTypeSchema,
  seats: teamSeatsSchema,
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

export const createTeamResponseSchema = z.object({
  teamId: ownIdSchema,
  clientSecret: z.string(),
  /** The first invoice: seats × the plan's price. */
  amountCents: z.number().int().nonnegative(),
});
export type CreateTeamResponse = z.infer<typeof createTeamResponseSchema>;

// PATCH /api/teams/{teamId} (billing): the quantity changes with proration; 409
// `seats_in_use` below the seats taken (members plus pending invitations).
export const changeTeamSeatsRequestSchema = z.object({ seats: teamSeatsSchema });
export type ChangeTeamSeatsRequest = z.infer<typeof changeTeamSeatsRequestSchema>;
export const changeTeamSeatsResponseSchema = z.object({
  teamId: ownIdSchema,
  seats: teamSeatsSchema,
});
export type ChangeTeamSeatsResponse = z.infer<typeof changeTeamSeatsResponseSchema>;

// PATCH /api/teams/{teamId} also takes `cancelAtPeriodEnd` (the owner cancels the team's plan at
// the end of its period, or undoes it): at least one of the two fields.
export const updateTeamRequestSchema = z
  .object({ seats: teamSeatsSchema.optional(), cancelAtPeriodEnd: z.boolean().optional() })
  .refine((body) => body.seats !== undefined || body.cancelAtPeriodEnd !== undefined, {
    message: 'Indica los asientos o si cancelar al final del periodo.',
  });
export type UpdateTeamRequest = z.infer<typeof updateTeamRequestSchema>;
export const updateTeamResponseSchema = changeTeamSeatsResponseSchema.extend({
  cancelAtPeriodEnd: z.boolean(),
});
export type UpdateTeamResponse = z.infer<typeof updateTeamResponseSchema>;

// POST /api/teams/{teamId}/invitations (access, owner): 201; 409 `no_seats_left`, 409
// `already_member`. The token travels only in the mail (and, in development, in the answer).
export const inviteTeamMemberRequestSchema = z.object({ email: emailSchema });
export type InviteTeamMemberRequest = z.infer<typeof inviteTeamMemberRequestSchema>;

export const teamInvitationSchema = z.object({
  invitationId: ownIdSchema,
  email: z.string(),
  sentAt: instantSchema,
  expiresAt: instantSchema,
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const inviteTeamMemberResponseSchema = teamInvitationSchema.extend({
  /** Development only, as reset and verification tokens. */
  invitationToken: z.string().optional(),
});
export type InviteTeamMemberResponse = z.infer<typeof inviteTeamMemberResponseSchema>;

export const invitationTokenSchema = singleLineText({ trim: true, max: 200 });

// POST /api/team-invitations/preview {token} (no session needed): what the link's page shows.
// POST /api/team-invitations/accept {token} (signed in with the invited, verified address).
export const teamInvitationTokenRequestSchema = z.object({ token: invitationTokenSchema });
export type TeamInvitationTokenRequest = z.infer<typeof teamInvitationTokenRequestSchema>;

export const teamInvitationPreviewSchema = z.object({
  teamName: z.string(),
  inviterName: z.string(),
  /** The invited address, so the page can say which account to sign in (or register) with. */
  email: z.string(),
  expiresAt: instantSchema,
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewSchema>;

export const acceptTeamInvitationResponseSchema = z.object({
  teamId: ownIdSchema,
  teamName: z.string(),
});
export type AcceptTeamInvitationResponse = z.infer<typeof acceptTeamInvitationResponseSchema>;

export const teamMemberSchema = z.object({
  userId: ownIdSchema,
  name: z.string(),
  email: z.string(),
  joinedAt: instantSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

// GET /api/teams/{teamId} (access, owner only; 404 for anyone else).
export const teamResponseSchema = z.object({
  teamId: ownIdSchema,
  name: z.string(),
  plan: planTypeSchema,
  status: subscriptionStatusSchema,
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  /** The end of the paid period (null once the plan has ended). */
  nextRenewal: instantSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

// GET /api/teams (access): the teams the user owns and those they hold a seat in.
export const myTeamsResponseSchema = z.object({
  owned: z.array(
    z.object({
      teamId: ownIdSchema,
      name: z.string(),
      seats: z.number().int(),
      seatsUsed: z.number().int(),
      status: subscriptionStatusSchema,
    }),
  ),
  memberships: z.array(
    z.object({ teamId: ownIdSchema, name: z.string(), joinedAt: instantSchema }),
  ),
});
export type MyTeamsResponse = z.infer<typeof myTeamsResponseSchema>;

// DELETE /api/teams/{teamId}/members/{userId}: the owner removes a member, or a member leaves
// (their own id); DELETE /api/teams/{teamId}/invitations/{invitationId}: the owner withdraws it;
// POST /api/teams/{teamId}/invitations/{invitationId}/resend: a new link (the old one ends).
// Each frees or keeps the seat at once and answers 204.
