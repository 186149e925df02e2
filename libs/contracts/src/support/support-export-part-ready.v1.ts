import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { exportPartReadySchema } from '../privacy/export-part.js';

/** Support's part of an account export, sealed for the export's public key. */
export const SupportExportPartReadyV1 = defineEvent({
  type: 'SupportExportPartReady',
  version: 1,
  producer: 'support',
  schema: exportPartReadySchema,
});
export type SupportExportPartReadyV1Data = z.infer<typeof SupportExportPartReadyV1.schema>;
