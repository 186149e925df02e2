import type { CommandResult, DomainEvent } from '@mia/service-kit';
import type { Decider } from '@mia/service-kit';
import { entitlementsStreamId } from '../entitlements/entitlement-events.js';
import { entitlementsDecider } from '../entitlements/entitlements-decider.js';
import {
  seatCommandFor,
  seatEndedCommand,
  teamDecider,
  type TeamCommand,
  type TeamState,
} from './team-decider.js';
import type { TeamEvent } from './team-events.js';
import { teamStreamId } from './team-events.js';

/** Runs a command through a decider in the caller's transaction (a reaction's or a route's). */
export type DecideIn = <C, S, E extends DomainEvent>(
  streamId: string,
  decider: Decider<C, S, E>,
  command: C,
) => Promise<CommandResult<S, E>>;

/**
 * Decides on the team's stream, then brings each affected member's own entitlements stream in
 * line in the same transaction: a member who joined gets the seat's grant, one who left loses
 * it (`team_seat_ended`), and a change of the plan's term moves every seat's window (renewal,
 * grace, lapse) or ends it (`subscription_ended`). The member's other grants are untouched.
 */
export async function decideTeam(
  decide: DecideIn,
  command: TeamCommand,
): Promise<CommandResult<TeamState, TeamEvent>> {
  const result = await decide(teamStreamId(command.teamId), teamDecider, command);
  if (result.decided.length === 0) return result;
  const { before, state } = result;
  const teamId = state.teamId;
  if (!teamId) return result;
  for (const event of result.decided) {
    if (event.type === 'TeamMemberLeft') {
      const member = before.members[event.data.userId];
      if (member) {
        await decide(
          entitlementsStreamId(member.userId),
          entitlementsDecider,
          seatEndedCommand(teamId, member),
        );
      }
    }
  }
  const termChanged = result.decided.some(
    (e) => e.type === 'TeamPlanTermNoted' || e.type === 'TeamPlanReported',
  );
  const joined = new Set(
    result.decided.flatMap((e) => (e.type === 'TeamMemberJoined' ? [e.data.userId] : [])),
  );
  for (const member of Object.values(state.members)) {
    if (!termChanged && !joined.has(member.userId)) continue;
    const seat = seatCommandFor(state, member);
    if (seat) await decide(entitlementsStreamId(member.userId), entitlementsDecider, seat);
  }
  return result;
}
