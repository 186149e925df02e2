import type { Incident, PostIncidentRequest } from '@mia/contracts';
import type { CommandHandler, IdGenerator } from '@mia/service-kit';
import type { SupportDb, SupportTx } from '../db.js';
import { incidentDecider, incidentNotFound } from './incident-decider.js';
import { incidentStreamId } from './incident-events.js';
import { incidentView } from './status-queries.js';

export interface IncidentCommandDeps {
  commands: CommandHandler<SupportTx>;
  newId: IdGenerator;
  db: SupportDb;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function read(db: SupportDb, incidentId: string): Promise<Incident> {
  const row = await db.statusIncident.findUnique({ where: { id: incidentId } });
  if (!row) throw incidentNotFound();
  return incidentView(row);
}

/** Posts an incident or maintenance in its own stream; answers it as the status page shows it. */
export async function postIncident(
  deps: IncidentCommandDeps,
  staffId: string,
  input: PostIncidentRequest,
): Promise<Incident> {
  const incidentId = deps.newId();
  await deps.commands.handle(incidentStreamId(incidentId), incidentDecider, {
    kind: 'post',
    incidentId,
    staffId,
    ...input,
  });
  return read(deps.db, incidentId);
}

/** Resolves a posted incident (again: nothing changes); 404 for an unknown id. */
export async function resolveIncident(
  deps: IncidentCommandDeps,
  staffId: string,
  incidentId: string,
): Promise<Incident> {
  if (!UUID.test(incidentId)) throw incidentNotFound();
  await deps.commands.handle(incidentStreamId(incidentId), incidentDecider, {
    kind: 'resolve',
    incidentId,
    staffId,
  });
  return read(deps.db, incidentId);
}
