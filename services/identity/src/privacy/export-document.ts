import { exportServices, type ExportService } from '@mia/contracts';
import { z } from 'zod';

/**
 * The downloaded document: who, when, and each service's part as that service wrote it. The
 * JSON Schema describes this envelope; each part lists its own fields (`schemaVersion` says
 * which shape it has).
 */
const partSchema = z
  .object({ schemaVersion: z.number().int().positive() })
  .catchall(z.unknown())
  .describe("One service's data about the person, as that service keeps it");

export const exportDocumentSchema = z.object({
  exportId: z.uuid(),
  exportedAt: z.iso.datetime({ offset: true }),
  user: z.object({ id: z.uuid(), email: z.string(), username: z.string(), name: z.string() }),
  identity: partSchema.describe('Account, sessions, verification, two-step state, connected apps'),
  billing: partSchema.describe(
    'Customer record, payments, refunds, subscriptions, trials, disputes',
  ),
  access: partSchema.describe('Grants and their sources, uses, code checks, settings'),
  support: partSchema.describe('Tickets and public replies, chats with the assistant'),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;

/** The JSON Schema served at /api/account/export-schema.json and linked from each document. */
export const exportJsonSchema = () => ({
  ...z.toJSONSchema(exportDocumentSchema),
  title: 'Account export',
});

export function assembleExport(input: {
  exportId: string;
  exportedAt: Date;
  user: ExportDocument['user'];
  parts: Record<ExportService, { schemaVersion: number; data: Record<string, unknown> }>;
  schemaUrl: string;
}) {
  const parts = Object.fromEntries(
    exportServices.map((s) => [
      s,
      { schemaVersion: input.parts[s].schemaVersion, ...input.parts[s].data },
    ]),
  ) as Record<ExportService, ExportDocument['identity']>;
  return {
    $schema: input.schemaUrl,
    exportId: input.exportId,
    exportedAt: input.exportedAt.toISOString(),
    user: input.user,
    ...parts,
  };
}
