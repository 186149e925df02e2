import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { teamSeatsDecider } from './team-seats-decider.js';
import type { TeamSeatsEvent } from './team-seats-events.js';

const teamId = '00000000-0000-4000-8000-0000000000e1';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const ownerId = '00000000-0000-4000-8000-0000000000aa';

const opened: TeamSeatsEvent = {
  type: 'TeamPlanOpened',
  data: { teamId, subscriptionId, ownerId },
};
const noted = (seatsTaken: number, rosterVersion: number): TeamSeatsEvent => ({
  type: 'TeamRosterNoted',
  data: { teamId, seatsTaken, rosterVersion },
});
const report = (seatsTaken: number, rosterVersion: number) =>
  ({ kind: 'note-roster', teamId, seatsTaken, rosterVersion }) as const;

describe("billing's team seats", () => {
  const spec = deciderSpec(teamSeatsDecider, { now: '2026-04-01T00:00:00.000Z' });

  it('opens once, for its owner and subscription', () => {
    spec.given([]).when({ kind: 'open', teamId, subscriptionId, ownerId }).then([opened]);
    spec.given([opened]).when({ kind: 'open', teamId, subscriptionId, ownerId }).thenNothing();
  });

  it("notes access's count; the newest roster version wins whatever the delivery order", () => {
    spec
      .given([opened])
      .when(report(2, 3))
      .then([noted(2, 3)]);
    spec
      .given([opened, noted(2, 3)])
      .when(report(1, 2))
      .thenNothing();
    spec
      .given([opened, noted(2, 3)])
      .when(report(2, 3))
      .thenNothing();
    spec
      .given([opened, noted(2, 3)])
      .when(report(4, 5))
      .then([noted(4, 5)]);
  });

  it('a count may arrive before the checkout is noted (it is kept)', () => {
    spec
      .given([])
      .when(report(1, 1))
      .then([noted(1, 1)]);
  });
});
