import type { TeamPlan } from '@mia/contracts';
import type { ReactionContext } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import type { NotePlanCommand } from './team-decider.js';
import { decideTeam } from './team-seats.js';

/**
 * A subscription event v2 of a church's plan: nothing for the buyer personally (ADR 0020); the
 * team's stream notes seats and term, and the members' seats follow.
 */
export async function noteTeamPlan(
  ctx: ReactionContext<AccessTx>,
  data: { subscriptionId: string; userId: string; team: TeamPlan },
  envelope: { streamVersion?: number },
  rest: Pick<NotePlanCommand, 'plan' | 'cancelAtPeriodEnd' | 'term'>,
): Promise<void> {
  await decideTeam((streamId, decider, command) => ctx.decide(streamId, decider, command), {
    kind: 'note-plan',
    teamId: data.team.teamId,
    ownerId: data.userId,
    subscriptionId: data.subscriptionId,
    team: data.team,
    sourceVersion: envelope.streamVersion ?? 0,
    ...rest,
  });
}
