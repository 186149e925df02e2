import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema } from '../fields.js';
import { grantIdSchema } from './grant-fields.js';

/** A suspended grant works again (the dispute was won). */
export const AccessRestoredV1 = defineEvent({
  type: 'AccessRestored',
  version: 1,
  producer: 'access',
  schema: z.object({
    grantId: grantIdSchema,
    userId: ownIdSchema,
  }),
});
export type AccessRestoredV1Data = z.infer<typeof AccessRestoredV1.schema>;
