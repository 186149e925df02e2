import { instantSchema, ownIdSchema, planTypeSchema, TeamRosterChangedV1 } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// A church's team (ADR 0020): one stream per team. Invitations' addresses and token hashes are
// domain events (they never leave access); TeamRosterChanged (counts only) is published.

/** The team exists: billing reported its plan for the first time; the buyer owns it. */
export const TeamFormed = defineDomainEvent(
  'TeamFormed',
  z.object({
    teamId: ownIdSchema,
    ownerId: ownIdSchema,
    subscriptionId: ownIdSchema,
    formedAt: instantSchema,
  }),
);

/** Name, paid seats, plan and cancellation as billing's newest event (`sourceVersion`) says. */
export const TeamPlanReported = defineDomainEvent(
  'TeamPlanReported',
  z.object({
    teamId: ownIdSchema,
    name: z.string().min(1),
    seats: z.number().int().positive(),
    plan: planTypeSchema.nullable(),
    cancelAtPeriodEnd: z.boolean().nullable(),
    sourceVersion: z.number().int().nonnegative(),
  }),
);

/**
 * The team's plan term as the personal plans' rules decided it (plan-terms.ts and the
 * entitlements decider, run on the team's own copy of a plan grant): the events are that
 * decider's, kept here so the term folds exactly as a personal plan's would. Never published.
 */
export const TeamPlanTermNoted = defineDomainEvent(
  'TeamPlanTermNoted',
  z.object({
    teamId: ownIdSchema,
    planEvents: z.array(z.object({ type: z.string(), data: z.unknown() })).min(1),
  }),
);

export const TeamInvitationSent = defineDomainEvent(
  'TeamInvitationSent',
  z.object({
    teamId: ownIdSchema,
    invitationId: ownIdSchema,
    email: z.string().min(1),
    /** sha256 of the token (hex); the token itself is only in the mail. */
    tokenHash: z.string().min(1),
    invitedBy: ownIdSchema,
    language: z.enum(['es', 'en']),
    sentAt: instantSchema,
    expiresAt: instantSchema,
  }),
);

export const TeamInvitationEnded = defineDomainEvent(
  'TeamInvitationEnded',
  z.object({
    teamId: ownIdSchema,
    invitationId: ownIdSchema,
    reason: z.enum(['accepted', 'withdrawn']),
  }),
);

export const TeamMemberJoined = defineDomainEvent(
  'TeamMemberJoined',
  z.object({
    teamId: ownIdSchema,
    userId: ownIdSchema,
    email: z.string().min(1),
    /** The accepted invitation: the seat's grant id is derived from it. */
    invitationId: ownIdSchema,
    joinedAt: instantSchema,
  }),
);

export const TeamMemberLeft = defineDomainEvent(
  'TeamMemberLeft',
  z.object({ teamId: ownIdSchema, userId: ownIdSchema, by: z.enum(['owner', 'self']) }),
);

export type TeamEvent =
  | EventOf<typeof TeamFormed>
  | EventOf<typeof TeamPlanReported>
  | EventOf<typeof TeamPlanTermNoted>
  | EventOf<typeof TeamInvitationSent>
  | EventOf<typeof TeamInvitationEnded>
  | EventOf<typeof TeamMemberJoined>
  | EventOf<typeof TeamMemberLeft>
  | EventOf<typeof TeamRosterChangedV1>;

export const teamEventDefinitions = [
  TeamFormed,
  TeamPlanReported,
  TeamPlanTermNoted,
  TeamInvitationSent,
  TeamInvitationEnded,
  TeamMemberJoined,
  TeamMemberLeft,
  TeamRosterChangedV1,
] as const;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
