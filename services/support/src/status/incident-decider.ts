import type { IncidentType, StatusRow } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { IncidentPosted, IncidentResolved, type IncidentEvent } from './incident-events.js';

export interface IncidentState {
  posted: boolean;
  resolved: boolean;
}

export type IncidentCommand =
  | {
      kind: 'post';
      incidentId: string;
      type: IncidentType;
      title: string;
      body: string;
      services: StatusRow[];
      staffId: string;
    }
  | { kind: 'resolve'; incidentId: string; staffId: string };

export const incidentNotFound = () =>
  new DomainError('not_found', 'incident_not_found', 'Incident not found');

/**
 * An incident's life on the status page: posted once, resolved once. Both commands are
 * idempotent (a retried request decides nothing), and a resolve needs a posted incident.
 */
export const incidentDecider: Decider<IncidentCommand, IncidentState, IncidentEvent> = {
  name: 'incident',
  initialState: () => ({ posted: false, resolved: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'IncidentPosted':
        return { ...state, posted: true };
      case 'IncidentResolved':
        return { ...state, resolved: true };
    }
  },
  decide(command, state, { now }) {
    switch (command.kind) {
      case 'post':
        if (state.posted) return [];
        return [
          {
            type: 'IncidentPosted',
            data: {
              incidentId: command.incidentId,
              type: command.type,
              title: command.title,
              body: command.body,
              services: command.services,
              postedBy: command.staffId,
              startedAt: now.toISOString(),
            },
          },
        ];
      case 'resolve':
        if (!state.posted) throw incidentNotFound();
        if (state.resolved) return [];
        return [
          {
            type: 'IncidentResolved',
            data: {
              incidentId: command.incidentId,
              resolvedBy: command.staffId,
              resolvedAt: now.toISOString(),
            },
          },
        ];
    }
  },
  read: readerOf<IncidentEvent>([IncidentPosted, IncidentResolved]),
};
