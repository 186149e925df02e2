import type { Projection } from '@mia/service-kit';
import type { SupportTx } from '../db.js';
import { IncidentPosted, IncidentResolved } from './incident-events.js';

/** The `status_incidents` table, from support's incident events. */
export const incidentProjection: Projection<SupportTx> = {
  name: 'status-incidents',
  handles: [IncidentPosted.type, IncidentResolved.type],
  async apply(event, { tx }) {
    switch (event.type) {
      case IncidentPosted.type: {
        const data = IncidentPosted.schema.parse(event.data);
        await tx.statusIncident.create({
          data: {
            id: data.incidentId,
            type: data.type,
            title: data.title,
            body: data.body,
            services: data.services,
            startedAt: new Date(data.startedAt),
          },
        });
        return;
      }
      case IncidentResolved.type: {
        const data = IncidentResolved.schema.parse(event.data);
        await tx.statusIncident.update({
          where: { id: data.incidentId },
          data: { resolvedAt: new Date(data.resolvedAt) },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.statusIncident.deleteMany();
  },
};
