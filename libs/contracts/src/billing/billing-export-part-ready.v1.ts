import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { exportPartReadySchema } from '../privacy/export-part.js';

/** Billing's part of an account export, sealed for the export's public key. */
export const BillingExportPartReadyV1 = defineEvent({
  type: 'BillingExportPartReady',
  version: 1,
  producer: 'billing',
  schema: exportPartReadySchema,
});
export type BillingExportPartReadyV1Data = z.infer<typeof BillingExportPartReadyV1.schema>;
