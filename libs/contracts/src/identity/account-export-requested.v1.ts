import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { base64Key } from './account-export-key.js';

/**
 * A signed-in user asked for a copy of everything the services keep about them. Every service
 * answers with its part sealed for `publicKey`; no personal data travels here.
 */
export const AccountExportRequestedV1 = defineEvent({
  type: 'AccountExportRequested',
  version: 1,
  producer: 'identity',
  schema: z.object({
    exportId: z.uuid(),
    userId: z.uuid(),
    /** X25519 public key (SPKI DER, base64) made for this export only. */
    publicKey: base64Key,
    /** Parts that arrive later are not waited for: the export shows the service as late. */
    deadline: z.iso.datetime({ offset: true }),
    requestedAt: z.iso.datetime({ offset: true }),
  }),
});
export type AccountExportRequestedV1Data = z.infer<typeof AccountExportRequestedV1.schema>;
