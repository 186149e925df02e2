import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  seatCommandFor,
  seatsTaken,
  teamDecider,
  type NotePlanCommand,
  type TeamCommand,
  type TeamState,
} from './team-decider.js';
import type { TeamEvent } from './team-events.js';

const teamId = '00000000-0000-4000-8000-0000000000e1';
const ownerId = '00000000-0000-4000-8000-0000000000aa';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const ana = '00000000-0000-4000-8000-0000000000b1';
const inv1 = '00000000-0000-4000-8000-0000000000f1';
const inv2 = '00000000-0000-4000-8000-0000000000f2';
const NOW = '2026-03-01T12:00:00.000Z';
const PERIOD_END = '2026-04-01T12:00:00.000Z';
const spec = deciderSpec(teamDecider, { now: NOW });

const plan = (
  term: NotePlanCommand['term'],
  sourceVersion: number,
  seats = 2,
): NotePlanCommand => ({
  kind: 'note-plan',
  teamId,
  ownerId,
  subscriptionId,
  team: { teamId, name: 'Iglesia Central', seats },
  plan: 'monthly',
  cancelAtPeriodEnd: null,
  term,
  sourceVersion,
});
const activated = plan({ kind: 'paid', periodEnd: PERIOD_END, at: NOW }, 1);

/** The events a command decides on the history, folded (for histories built from commands). */
function after(history: readonly TeamEvent[], ...commands: TeamCommand[]): TeamEvent[] {
  const events = [...history];
  for (const command of commands) {
    const state = events.reduce(teamDecider.evolve, teamDecider.initialState());
    events.push(...teamDecider.decide(command, state, { now: new Date(NOW), newId: () => 'x' }));
  }
  return events;
}
const invite = (
  email: string,
  invitationId = inv1,
  tokenHash = `h-${email}`,
): Extract<TeamCommand, { kind: 'invite' }> => ({
  kind: 'invite',
  teamId,
  by: ownerId,
  invitationId,
  email,
  tokenHash,
  language: 'es',
});
const accept = (
  email: string,
  userId = ana,
  verifiedEmail: string | null = email,
): Extract<TeamCommand, { kind: 'accept' }> => ({
  kind: 'accept',
  teamId,
  tokenHash: `h-${email}`,
  userId,
  verifiedEmail,
});
const stateOf = (events: readonly TeamEvent[]): TeamState => spec.given(events).state;

describe('a team formed from its plan', () => {
  it('is formed at activation: the buyer owns it, the seats are the paid quantity', () => {
    spec
      .given([])
      .when(activated)
      .thenEvents((events, state) => {
        expect(events.map((e) => e.type)).toEqual([
          'TeamFormed',
          'TeamPlanReported',
          'TeamPlanTermNoted',
        ]);
        expect(state).toMatchObject({ ownerId, seats: 2, name: 'Iglesia Central' });
      });
  });

  it('a redelivered event decides nothing; an older report never lowers the seats', () => {
    const history = after([], plan({ kind: 'paid', periodEnd: PERIOD_END, at: NOW }, 3, 5));
    spec
      .given(history)
      .when(plan({ kind: 'paid', periodEnd: PERIOD_END, at: NOW }, 3, 5))
      .thenNothing();
    expect(stateOf(after(history, activated)).seats).toBe(5);
  });

  it('the owner holds no seat: nobody is a member until an invitation is accepted', () => {
    expect(seatsTaken(stateOf(after([], activated)), new Date(NOW))).toBe(0);
  });
});

describe('invitations and seats', () => {
  const formed = after([], activated);

  it('invites while a seat is free, and says how many are taken', () => {
    spec
      .given(formed)
      .when(invite('ana@iglesia.org'))
      .thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['TeamInvitationSent', 'TeamRosterChanged']);
        expect(events[1]!.data).toMatchObject({
          members: 0,
          pendingInvitations: 1,
          seatsTaken: 1,
          rosterVersion: formed.length + 2,
        });
      });
  });

  it('refuses an invitation when members + pending invitations fill the seats', () => {
    const full = after(formed, invite('ana@iglesia.org'), invite('luis@iglesia.org', inv2));
    spec.given(full).when(invite('eva@iglesia.org', 'e')).thenRefused({ code: 'no_seats_left' });
  });

  it('only the owner invites (anyone else: not found)', () => {
    spec
      .given(formed)
      .when({ ...invite('ana@iglesia.org'), by: ana })
      .thenRefused({ kind: 'not_found' });
  });

  it('refuses to invite a member again', () => {
    const joined = after(formed, invite('ana@iglesia.org'), accept('ana@iglesia.org'));
    spec
      .given(joined)
      .when(invite('ANA@iglesia.org', inv2))
      .thenRefused({ code: 'already_member' });
  });

  it('a withdrawn or expired invitation frees its seat at once', () => {
    const full = after(formed, invite('ana@iglesia.org'), invite('luis@iglesia.org', inv2));
    const withdrawn = after(full, {
      kind: 'withdraw-invitation',
      teamId,
      by: ownerId,
      invitationId: inv2,
    });
    expect(seatsTaken(stateOf(withdrawn), new Date(NOW))).toBe(1);
    expect(seatsTaken(stateOf(full), new Date('2026-03-09T12:00:00.000Z'))).toBe(0);
  });

  it('a resend replaces the token: the old link no longer works', () => {
    const sent = after(formed, invite('ana@iglesia.org'));
    const resent = after(sent, {
      kind: 'resend-invitation',
      teamId,
      by: ownerId,
      invitationId: inv1,
      tokenHash: 'new',
      language: 'en',
    });
    spec
      .given(resent)
      .when(accept('ana@iglesia.org'))
      .thenRefused({ code: 'invitation_not_found' });
    spec
      .given(resent)
      .when({ ...accept('ana@iglesia.org'), tokenHash: 'new' })
      .thenEvents((events) => expect(events.map((e) => e.type)).toContain('TeamMemberJoined'));
  });
});

describe('accepting', () => {
  const sent = after(after([], activated), invite('ana@iglesia.org'));

  it('seats the invitee with the verified invited address, once', () => {
    spec
      .given(sent)
      .when(accept('ana@iglesia.org'))
      .thenEvents((events, state) => {
        expect(events.map((e) => e.type)).toEqual([
          'TeamInvitationEnded',
          'TeamMemberJoined',
          'TeamRosterChanged',
        ]);
        expect(Object.keys(state.members)).toEqual([ana]);
        expect(seatsTaken(state, new Date(NOW))).toBe(1);
      });
    spec
      .given(after(sent, accept('ana@iglesia.org')))
      .when(accept('ana@iglesia.org'))
      .thenRefused({ code: 'invitation_not_found' });
  });

  it('refuses an unverified or another address, and an expired link', () => {
    spec
      .given(sent)
      .when(accept('ana@iglesia.org', ana, null))
      .thenRefused({ code: 'email_not_verified' });
    spec
      .given(sent)
      .when({ ...accept('ana@iglesia.org'), verifiedEmail: 'otro@x.org' })
      .thenRefused({ kind: 'forbidden', code: 'invitation_for_another_email' });
    spec
      .given(sent)
      .when(accept('ana@iglesia.org'), '2026-03-08T12:00:01.000Z')
      .thenRefused({ kind: 'gone', code: 'invitation_expired' });
  });
});

describe('the seats follow the plan', () => {
  const joined = after(after([], activated), invite('ana@iglesia.org'), accept('ana@iglesia.org'));
  const member = () => Object.values(stateOf(joined).members)[0]!;

  it('a seat is a team grant of every tool until the paid end', () => {
    expect(seatCommandFor(stateOf(joined), member())).toEqual({
      kind: 'grant-source',
      userId: ana,
      grantId: `team:${teamId}:${inv1}`,
      scope: 'all',
      source: { kind: 'team', ref: teamId, teamName: 'Iglesia Central' },
      validFrom: NOW,
      validUntil: PERIOD_END,
    });
  });

  it('a renewal extends it; a failed renewal adds the grace; the end revokes it', () => {
    const renewed = after(
      joined,
      plan({ kind: 'paid', periodEnd: '2026-05-01T12:00:00.000Z', at: NOW }, 2),
    );
    expect(seatCommandFor(stateOf(renewed), member())).toMatchObject({
      validUntil: '2026-05-01T12:00:00.000Z',
    });
    const pastDue = after(joined, plan({ kind: 'standing', status: 'past_due', graceDays: 3 }, 2));
    expect(seatCommandFor(stateOf(pastDue), member())).toMatchObject({
      validUntil: '2026-04-04T12:00:00.000Z',
    });
    const ended = after(joined, plan({ kind: 'ended', reason: 'canceled' }, 3));
    expect(seatCommandFor(stateOf(ended), member())).toEqual({
      kind: 'revoke-source',
      userId: ana,
      grantId: `team:${teamId}:${inv1}`,
      reason: 'subscription_ended',
    });
    spec
      .given(ended)
      .when(invite('luis@iglesia.org', inv2))
      .thenRefused({ code: 'team_plan_ended' });
  });

  it('the owner removes a member, or the member leaves; others may not', () => {
    spec
      .given(joined)
      .when({ kind: 'remove-member', teamId, by: ana, userId: ana })
      .thenEvents((events) => expect(events[0]).toMatchObject({ data: { by: 'self' } }));
    spec
      .given(joined)
      .when({ kind: 'remove-member', teamId, by: ownerId, userId: ana })
      .thenEvents((events) => expect(events[0]).toMatchObject({ data: { by: 'owner' } }));
    spec
      .given(joined)
      .when({ kind: 'remove-member', teamId, by: inv2, userId: ana })
      .thenRefused({ kind: 'not_found' });
  });
});
