import { TeamRosterChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { teamSeatsDecider } from './team-seats-decider.js';
import { teamPlanStreamId } from './team-seats-events.js';

/** Access's count of a team's taken seats: a seat reduction below it is refused (409). */
export const noteRosterOnTeamRosterChanged = () =>
  on<typeof TeamRosterChangedV1, BillingTx>(TeamRosterChangedV1, async (data, _envelope, ctx) => {
    await ctx.decide(teamPlanStreamId(data.teamId), teamSeatsDecider, {
      kind: 'note-roster',
      teamId: data.teamId,
      seatsTaken: data.seatsTaken,
      rosterVersion: data.rosterVersion,
    });
  });
