import {
  ALL_PRODUCTS,
  type PlanType,
  type SubscriptionStatus,
  type TeamPlan,
} from '@mia/contracts';
import { DomainError, readerOf, type Decider, type DecisionContext } from '@mia/service-kit';
import { grantIds, type EntitlementEvent } from '../entitlements/entitlement-events.js';
import {
  entitlementsDecider,
  type EntitlementCommand,
  type EntitlementsState,
} from '../entitlements/entitlements-decider.js';
import type { Grant } from '../entitlements/grants.js';
import { INVITATION_DAYS, teamEventDefinitions, type TeamEvent } from './team-events.js';

export interface TeamInvitation {
  invitationId: string;
  email: string;
  tokenHash: string;
  invitedBy: string;
  language: 'es' | 'en';
  sentAt: string;
  expiresAt: string;
}

export interface TeamMember {
  userId: string;
  email: string;
  invitationId: string;
  joinedAt: string;
}

export interface TeamState {
  teamId: string | null;
  ownerId: string | null;
  subscriptionId: string | null;
  name: string;
  plan: PlanType | null;
  seats: number;
  cancelAtPeriodEnd: boolean;
  /** The billing version the name/seats came from: an older report changes nothing. */
  reportVersion: number;
  /** The team's plan as a personal plan's grant would be, folded by the entitlements decider. */
  planState: EntitlementsState;
  members: Record<string, TeamMember>;
  /** Pending invitations (accepted and withdrawn ones are gone; expired ones stay until read). */
  invitations: Record<string, TeamInvitation>;
  /** Events folded: the stream's version (TeamRosterChanged's rosterVersion). */
  version: number;
}

/** A subscription event v2 of a team's plan, as the reactions hand it over. */
export interface NotePlanCommand {
  kind: 'note-plan';
  teamId: string;
  /** The buyer: the team's owner. */
  ownerId: string;
  subscriptionId: string;
  team: TeamPlan;
  plan: PlanType | null;
  cancelAtPeriodEnd: boolean | null;
  /** What billing said about the term, as the personal plan's command would say it. */
  term:
    | { kind: 'paid'; periodEnd: string; at: string }
    | { kind: 'standing'; status: SubscriptionStatus; graceDays: number }
    | { kind: 'ended'; reason: string };
  sourceVersion: number;
}

export type TeamCommand =
  | NotePlanCommand
  | {
      kind: 'invite';
      teamId: string;
      by: string;
      invitationId: string;
      email: string;
      tokenHash: string;
      language: 'es' | 'en';
    }
  | {
      kind: 'accept';
      teamId: string;
      tokenHash: string;
      userId: string;
      verifiedEmail: string | null;
    }
  | { kind: 'remove-member'; teamId: string; by: string; userId: string }
  | { kind: 'withdraw-invitation'; teamId: string; by: string; invitationId: string }
  | {
      kind: 'resend-invitation';
      teamId: string;
      by: string;
      invitationId: string;
      tokenHash: string;
      language: 'es' | 'en';
    };

const DAY_MS = 24 * 60 * 60 * 1000;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The plan's grant in the team's own copy (the personal rules' key). */
const planGrantOf = (state: TeamState): Grant | undefined =>
  state.subscriptionId
    ? state.planState.grants[grantIds.subscription(state.subscriptionId)]
    : undefined;

/** Invitations that still hold a seat at `now`. */
export const pendingInvitations = (state: TeamState, now: Date): TeamInvitation[] =>
  Object.values(state.invitations).filter((i) => Date.parse(i.expiresAt) > now.getTime());

export const seatsTaken = (state: TeamState, now: Date): number =>
  Object.keys(state.members).length + pendingInvitations(state, now).length;

/** Whether the plan is over for good (ended, or refunded with cancel_now). */
export const planEnded = (state: TeamState): boolean => planGrantOf(state)?.status === 'revoked';

/** How the team's plan stands for its page. */
export function planStatus(state: TeamState): SubscriptionStatus {
  if (planEnded(state)) return 'canceled';
  const grantId = state.subscriptionId ? grantIds.subscription(state.subscriptionId) : '';
  return state.planState.standing[grantId]?.status ?? 'active';
}

/** The end of the paid period (null once the plan has ended or before its first invoice). */
export function paidUntil(state: TeamState): string | null {
  const grant = planGrantOf(state);
  return !grant || grant.status === 'revoked' ? null : grant.validUntil;
}

/**
 * The seat grant's end: the plan's paid end, or its grace end when a renewal failed (as
 * `usable` reads a personal plan). undefined: no paid term yet; null: ended.
 */
function seatEnd(state: TeamState): string | null | undefined {
  const grant = planGrantOf(state);
  if (!grant) return undefined;
  if (grant.status === 'revoked' || grant.validUntil === null) return null;
  const paid = Date.parse(grant.validUntil);
  const grace = grant.graceUntil ? Date.parse(grant.graceUntil) : 0;
  return new Date(Math.max(paid, grace)).toISOString();
}

/**
 * What a member's own entitlements stream must hold for their seat now: the seat's grant with
 * the plan's window, its revocation once the plan ended, or nothing before the first invoice.
 */
export function seatCommandFor(state: TeamState, member: TeamMember): EntitlementCommand | null {
  const teamId = state.teamId;
  if (!teamId) return null;
  const grantId = grantIds.team(teamId, member.invitationId);
  const end = seatEnd(state);
  if (end === undefined) return null;
  if (end === null) {
    return { kind: 'revoke-source', userId: member.userId, grantId, reason: 'subscription_ended' };
  }
  return {
    kind: 'grant-source',
    userId: member.userId,
    grantId,
    scope: ALL_PRODUCTS,
    source: { kind: 'team', ref: teamId, teamName: state.name },
    validFrom: member.joinedAt,
    validUntil: end,
  };
}

/** Ends a member's seat grant (removed, or left). */
export const seatEndedCommand = (teamId: string, member: TeamMember): EntitlementCommand => ({
  kind: 'revoke-source',
  userId: member.userId,
  grantId: grantIds.team(teamId, member.invitationId),
  reason: 'team_seat_ended',
});

const notFound = () => new DomainError('not_found', 'team_not_found', 'No encontramos ese equipo.');
const invitationNotFound = () =>
  new DomainError('not_found', 'invitation_not_found', 'La invitación no existe o ya se usó.');

function assertOwner(state: TeamState, by: string) {
  if (!state.teamId || state.ownerId !== by) throw notFound();
}

function rosterChanged(state: TeamState, events: TeamEvent[], now: Date): TeamEvent[] {
  const after = events.reduce(teamDecider.evolve, state);
  const members = Object.keys(after.members).length;
  const pending = pendingInvitations(after, now).length;
  return [
    ...events,
    {
      type: 'TeamRosterChanged',
      data: {
        teamId: state.teamId!,
        members,
        pendingInvitations: pending,
        seatsTaken: members + pending,
        // The roster event is the last one appended: its own position in the stream.
        rosterVersion: state.version + events.length + 1,
        at: now.toISOString(),
      },
    },
  ];
}

/** Runs the personal plan's rule on the team's copy of its plan. */
function planTermEvents(command: NotePlanCommand, state: TeamState, ctx: DecisionContext) {
  const { ownerId: userId, subscriptionId, sourceVersion, term } = command;
  const personal: EntitlementCommand =
    term.kind === 'paid'
      ? {
          kind: 'note-subscription-term',
          userId,
          subscriptionId,
          periodEnd: term.periodEnd,
          sourceVersion,
          at: term.at,
        }
      : term.kind === 'standing'
        ? {
            kind: 'note-subscription-standing',
            userId,
            subscriptionId,
            status: term.status,
            sourceVersion,
            graceDays: term.graceDays,
          }
        : { kind: 'end-subscription', userId, subscriptionId, reason: term.reason };
  return entitlementsDecider.decide(personal, state.planState, ctx) as EntitlementEvent[];
}

/**
 * A church's team (ADR 0020): its paid seats and term from billing's subscription events v2,
 * its members and pending invitations. Every seat change is decided here, on the team's one
 * stream, so the store's optimistic concurrency keeps members + pending invitations ≤ seats
 * whatever the number of concurrent invitations and accepts.
 */
export const teamDecider: Decider<TeamCommand, TeamState, TeamEvent> = {
  name: 'team',
  initialState: () => ({
    teamId: null,
    ownerId: null,
    subscriptionId: null,
    name: '',
    plan: null,
    seats: 0,
    cancelAtPeriodEnd: false,
    reportVersion: -1,
    planState: entitlementsDecider.initialState(),
    members: {},
    invitations: {},
    version: 0,
  }),

  evolve(current, event) {
    const state = { ...current, version: current.version + 1 };
    switch (event.type) {
      case 'TeamFormed':
        return {
          ...state,
          teamId: event.data.teamId,
          ownerId: event.data.ownerId,
          subscriptionId: event.data.subscriptionId,
        };
      case 'TeamPlanReported': {
        const d = event.data;
        return {
          ...state,
          name: d.name,
          seats: d.seats,
          plan: d.plan ?? state.plan,
          cancelAtPeriodEnd: d.cancelAtPeriodEnd ?? state.cancelAtPeriodEnd,
          reportVersion: d.sourceVersion,
        };
      }
      case 'TeamPlanTermNoted':
        return {
          ...state,
          planState: (event.data.planEvents as EntitlementEvent[]).reduce(
            entitlementsDecider.evolve,
            state.planState,
          ),
        };
      case 'TeamInvitationSent': {
        const { teamId: _t, ...invitation } = event.data;
        return {
          ...state,
          invitations: { ...state.invitations, [invitation.invitationId]: invitation },
        };
      }
      case 'TeamInvitationEnded': {
        const { [event.data.invitationId]: _ended, ...invitations } = state.invitations;
        return { ...state, invitations };
      }
      case 'TeamMemberJoined': {
        const { teamId: _t, ...member } = event.data;
        return { ...state, members: { ...state.members, [member.userId]: member } };
      }
      case 'TeamMemberLeft': {
        const { [event.data.userId]: _left, ...members } = state.members;
        return { ...state, members };
      }
      case 'TeamRosterChanged':
        return state;
    }
  },

  decide(command, state, ctx) {
    const { now } = ctx;
    switch (command.kind) {
      case 'note-plan': {
        const events: TeamEvent[] = [];
        if (!state.teamId) {
          events.push({
            type: 'TeamFormed',
            data: {
              teamId: command.teamId,
              ownerId: command.ownerId,
              subscriptionId: command.subscriptionId,
              formedAt: now.toISOString(),
            },
          });
        }
        // Billing's events arrive out of order: the newest report of seats and name wins.
        if (command.sourceVersion > state.reportVersion || command.sourceVersion === 0) {
          const { name, seats } = command.team;
          if (
            name !== state.name ||
            seats !== state.seats ||
            (command.plan !== null && command.plan !== state.plan) ||
            (command.cancelAtPeriodEnd !== null &&
              command.cancelAtPeriodEnd !== state.cancelAtPeriodEnd) ||
            command.sourceVersion > state.reportVersion
          ) {
            events.push({
              type: 'TeamPlanReported',
              data: {
                teamId: command.teamId,
                name,
                seats,
                plan: command.plan,
                cancelAtPeriodEnd: command.cancelAtPeriodEnd,
                sourceVersion: command.sourceVersion,
              },
            });
          }
        }
        const formed = events.reduce(teamDecider.evolve, state);
        const planEvents = planTermEvents(command, formed, ctx);
        if (planEvents.length > 0) {
          events.push({ type: 'TeamPlanTermNoted', data: { teamId: command.teamId, planEvents } });
        }
        return events;
      }

      case 'invite': {
        assertOwner(state, command.by);
        if (planEnded(state)) {
          throw new DomainError('conflict', 'team_plan_ended', 'El plan del equipo ha terminado.');
        }
        if (Object.values(state.members).some((m) => sameEmail(m.email, command.email))) {
          throw new DomainError('conflict', 'already_member', 'Esa persona ya está en el equipo.');
        }
        // Inviting the same address again is a resend: the old link ends, the seat stays one.
        const again = pendingInvitations(state, now).find((i) => sameEmail(i.email, command.email));
        if (!again && seatsTaken(state, now) >= state.seats) {
          throw new DomainError(
            'conflict',
            'no_seats_left',
            'No quedan plazas libres en el equipo.',
          );
        }
        return rosterChanged(
          state,
          [
            {
              type: 'TeamInvitationSent',
              data: {
                teamId: state.teamId!,
                invitationId: again?.invitationId ?? command.invitationId,
                email: command.email.trim(),
                tokenHash: command.tokenHash,
                invitedBy: command.by,
                language: command.language,
                sentAt: now.toISOString(),
                expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
              },
            },
          ],
          now,
        );
      }

      case 'resend-invitation': {
        assertOwner(state, command.by);
        const invitation = state.invitations[command.invitationId];
        if (!invitation) throw invitationNotFound();
        // An expired invitation gave its seat back: sending it again takes one.
        const expired = Date.parse(invitation.expiresAt) <= now.getTime();
        if (expired && seatsTaken(state, now) >= state.seats) {
          throw new DomainError(
            'conflict',
            'no_seats_left',
            'No quedan plazas libres en el equipo.',
          );
        }
        return rosterChanged(
          state,
          [
            {
              type: 'TeamInvitationSent',
              data: {
                ...invitation,
                teamId: state.teamId!,
                tokenHash: command.tokenHash,
                language: command.language,
                sentAt: now.toISOString(),
                expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
              },
            },
          ],
          now,
        );
      }

      case 'withdraw-invitation': {
        assertOwner(state, command.by);
        if (!state.invitations[command.invitationId]) throw invitationNotFound();
        return rosterChanged(
          state,
          [
            {
              type: 'TeamInvitationEnded',
              data: {
                teamId: state.teamId!,
                invitationId: command.invitationId,
                reason: 'withdrawn',
              },
            },
          ],
          now,
        );
      }

      case 'remove-member': {
        const self = command.by === command.userId;
        if (!state.teamId || (!self && state.ownerId !== command.by)) throw notFound();
        if (!state.members[command.userId]) {
          throw new DomainError(
            'not_found',
            'member_not_found',
            'Esa persona no está en el equipo.',
          );
        }
        return rosterChanged(
          state,
          [
            {
              type: 'TeamMemberLeft',
              data: { teamId: state.teamId, userId: command.userId, by: self ? 'self' : 'owner' },
            },
          ],
          now,
        );
      }

      case 'accept': {
        const invitation = Object.values(state.invitations).find(
          (i) => i.tokenHash === command.tokenHash,
        );
        if (!state.teamId || !invitation) throw invitationNotFound();
        if (Date.parse(invitation.expiresAt) <= now.getTime()) {
          throw new DomainError('gone', 'invitation_expired', 'La invitación ha caducado.');
        }
        if (command.verifiedEmail === null) {
          throw new DomainError(
            'forbidden',
            'email_not_verified',
            'Confirma tu correo electrónico antes de aceptar la invitación.',
          );
        }
        if (!sameEmail(command.verifiedEmail, invitation.email)) {
          throw new DomainError(
            'forbidden',
            'invitation_for_another_email',
            'Esta invitación es para otra dirección de correo.',
          );
        }
        if (state.members[command.userId]) {
          throw new DomainError('conflict', 'already_member', 'Ya estás en este equipo.');
        }
        if (planEnded(state)) {
          throw new DomainError('conflict', 'team_plan_ended', 'El plan del equipo ha terminado.');
        }
        // The invitation holds a seat already; members alone are counted again in case the
        // paid seats went down meanwhile: never more members than paid seats.
        if (Object.keys(state.members).length >= state.seats) {
          throw new DomainError(
            'conflict',
            'no_seats_left',
            'No quedan plazas libres en el equipo.',
          );
        }
        return rosterChanged(
          state,
          [
            {
              type: 'TeamInvitationEnded',
              data: {
                teamId: state.teamId,
                invitationId: invitation.invitationId,
                reason: 'accepted',
              },
            },
            {
              type: 'TeamMemberJoined',
              data: {
                teamId: state.teamId,
                userId: command.userId,
                email: invitation.email,
                invitationId: invitation.invitationId,
                joinedAt: now.toISOString(),
              },
            },
          ],
          now,
        );
      }
    }
  },

  read: readerOf<TeamEvent>(teamEventDefinitions),
};
