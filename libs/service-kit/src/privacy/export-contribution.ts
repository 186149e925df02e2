import {
  AccountExportRequestedV1,
  type EventDefinition,
  type ExportPartReadyData,
  type ExportService,
} from '@mia/contracts';
import { on, type ReactionContext, type Subscription } from '../events/subscription.js';
import { seal } from './sealed-box.js';

/**
 * What one service contributes to a person's account export: the JSON of everything it keeps
 * about them, read from its own tables and streams (never from another service). Erasure will
 * walk the same contributors, so each service states in one place what it holds about a person.
 */
export interface ExportContributor<Tx> {
  service: ExportService;
  /** Version of the part's shape; raise it when the shape changes (the schema is per version). */
  schemaVersion: number;
  build(ctx: ReactionContext<Tx>, userId: string): Promise<Record<string, unknown>>;
}

/** Where a sealed part goes: identity keeps its own, the other services publish theirs. */
export type DeliverPart<Tx> = (
  part: ExportPartReadyData,
  ctx: ReactionContext<Tx>,
) => Promise<void>;

/** The stream a service records its export parts in (one per export). */
export const exportPartStreamId = (exportId: string): string => `account-export-${exportId}`;

/**
 * The reaction to AccountExportRequested: builds the part, seals it for the export's public key
 * and delivers it, in the transaction that records the request in the inbox (so once). The
 * clear JSON lives only in this process's memory.
 */
export function exportPartOnRequested<Tx>(
  contributor: ExportContributor<Tx>,
  deliver: DeliverPart<Tx>,
): Subscription<Tx> {
  return on<typeof AccountExportRequestedV1, Tx>(
    AccountExportRequestedV1,
    async (data, _e, ctx) => {
      const part = await contributor.build(ctx, data.userId);
      await deliver(
        {
          exportId: data.exportId,
          service: contributor.service,
          part: seal(data.publicKey, JSON.stringify(part)),
          schemaVersion: contributor.schemaVersion,
        },
        ctx,
      );
    },
  );
}

/**
 * Delivers by appending the service's `<Service>ExportPartReady` event: the relay publishes it
 * after commit, and the store keeps only ciphertext.
 */
export const publishExportPart =
  <Tx>(definition: EventDefinition): DeliverPart<Tx> =>
  async (part, ctx) => {
    await ctx.append(exportPartStreamId(part.exportId), 'any', [
      { type: definition.type, version: definition.version, data: part },
    ]);
  };
