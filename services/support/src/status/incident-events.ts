import { incidentTypeSchema, statusRowSchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

/**
 * Staff announced an incident or a maintenance on the status page. Kept in support: no other
 * service reacts to it, so it is a domain event, not a contract.
 */
export const IncidentPosted = defineDomainEvent(
  'IncidentPosted',
  z.object({
    incidentId: z.uuid(),
    type: incidentTypeSchema,
    title: z.string(),
    body: z.string(),
    services: z.array(statusRowSchema).min(1),
    postedBy: z.uuid(),
    startedAt: z.iso.datetime({ offset: true }),
  }),
);

/** Staff declared it over; the page keeps showing it as resolved for a while. */
export const IncidentResolved = defineDomainEvent(
  'IncidentResolved',
  z.object({
    incidentId: z.uuid(),
    resolvedBy: z.uuid(),
    resolvedAt: z.iso.datetime({ offset: true }),
  }),
);

export type IncidentEvent = EventOf<typeof IncidentPosted> | EventOf<typeof IncidentResolved>;

/** One stream per incident. */
export const incidentStreamId = (incidentId: string): string => `incident-${incidentId}`;
