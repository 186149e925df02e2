import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { exportPartReadySchema } from '../privacy/export-part.js';

/** Access's part of an account export, sealed for the export's public key. */
export const AccessExportPartReadyV1 = defineEvent({
  type: 'AccessExportPartReady',
  version: 1,
  producer: 'access',
  schema: exportPartReadySchema,
});
export type AccessExportPartReadyV1Data = z.infer<typeof AccessExportPartReadyV1.schema>;
