import type { Decider } from '@mia/service-kit';
import { readTeamSeatsEvent, type TeamSeatsEvent } from './team-seats-events.js';

export type TeamSeatsCommand =
  | { kind: 'open'; teamId: string; subscriptionId: string; ownerId: string }
  | { kind: 'note-roster'; teamId: string; seatsTaken: number; rosterVersion: number };

export interface TeamSeatsState {
  subscriptionId: string | null;
  ownerId: string | null;
  /** Seats taken as access last reported (0 until it reports). */
  seatsTaken: number;
  /** The roster version that count is from (0: none yet). */
  rosterVersion: number;
}

/**
 * Billing's view of a team: its owner and subscription, and the seats in use that a seat
 * reduction may not go below. Access's reports can arrive out of order or twice: only a newer
 * `rosterVersion` than the one noted counts.
 */
export const teamSeatsDecider: Decider<TeamSeatsCommand, TeamSeatsState, TeamSeatsEvent> = {
  name: 'billing-team-seats',
  initialState: () => ({ subscriptionId: null, ownerId: null, seatsTaken: 0, rosterVersion: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'TeamPlanOpened':
        return { ...state, subscriptionId: event.data.subscriptionId, ownerId: event.data.ownerId };
      case 'TeamRosterNoted':
        return {
          ...state,
          seatsTaken: event.data.seatsTaken,
          rosterVersion: event.data.rosterVersion,
        };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'open':
        if (state.subscriptionId !== null) return [];
        return [
          {
            type: 'TeamPlanOpened',
            data: {
              teamId: command.teamId,
              subscriptionId: command.subscriptionId,
              ownerId: command.ownerId,
            },
          },
        ];
      case 'note-roster':
        if (command.rosterVersion <= state.rosterVersion) return [];
        return [
          {
            type: 'TeamRosterNoted',
            data: {
              teamId: command.teamId,
              seatsTaken: command.seatsTaken,
              rosterVersion: command.rosterVersion,
            },
          },
        ];
    }
  },
  read: readTeamSeatsEvent,
};
