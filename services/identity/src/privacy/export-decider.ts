import { AccountExportRequestedV1 } from '@mia/contracts';
import { exportPartStreamId, readerOf, type Decider, type EventOf } from '@mia/service-kit';

export type ExportEvent = EventOf<typeof AccountExportRequestedV1>;

/** A signed-in user asks for their export; the key pair was made before (not a pure step). */
export interface RequestExport {
  kind: 'request';
  exportId: string;
  userId: string;
  publicKey: string;
  /** How long the services have to answer. */
  deadlineMinutes: number;
}

/** One stream per export (the same id the services record their parts under). */
export const exportStreamId = exportPartStreamId;

/** An export is asked for once: a retried command (same id) records nothing new. */
export const exportDecider: Decider<RequestExport, { requested: boolean }, ExportEvent> = {
  name: 'account-export',
  initialState: () => ({ requested: false }),
  evolve: () => ({ requested: true }),
  decide(command, state, { now }) {
    if (state.requested) return [];
    return [
      {
        type: 'AccountExportRequested',
        data: {
          exportId: command.exportId,
          userId: command.userId,
          publicKey: command.publicKey,
          deadline: new Date(now.getTime() + command.deadlineMinutes * 60_000).toISOString(),
          requestedAt: now.toISOString(),
        },
      },
    ];
  },
  read: readerOf<ExportEvent>([AccountExportRequestedV1]),
};
