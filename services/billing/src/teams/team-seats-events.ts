import { ownIdSchema } from '@mia/contracts';
import { defineDomainEvent, readerOf, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// One stream per team in billing (`team-plan-<teamId>`): who owns it, which subscription pays
// for it, and how many of its seats access last said are taken.

export const teamPlanStreamId = (teamId: string): string => `team-plan-${teamId}`;

/** A team plan's checkout started: `ownerId` bought it and alone may change it. */
export const TeamPlanOpened = defineDomainEvent(
  'TeamPlanOpened',
  z.object({ teamId: ownIdSchema, subscriptionId: ownIdSchema, ownerId: ownIdSchema }),
);

/** Access's count of the seats taken (members + pending invitations), as of its `rosterVersion`. */
export const TeamRosterNoted = defineDomainEvent(
  'TeamRosterNoted',
  z.object({
    teamId: ownIdSchema,
    seatsTaken: z.number().int().nonnegative(),
    rosterVersion: z.number().int().positive(),
  }),
);

export const teamSeatsEventDefinitions = [TeamPlanOpened, TeamRosterNoted] as const;
export type TeamSeatsEvent = EventOf<typeof TeamPlanOpened> | EventOf<typeof TeamRosterNoted>;
export const readTeamSeatsEvent = readerOf<TeamSeatsEvent>(teamSeatsEventDefinitions);
