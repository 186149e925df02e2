import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/**
 * A user's personal access code was replaced; the old one no longer opens anything. Events
 * travel to every consumer and stay forever, so neither the code nor its hash is in it: the
 * schema is strict, and appending one with extra fields fails.
 */
export const AccessCodeRotatedV1 = defineEvent({
  type: 'AccessCodeRotated',
  version: 1,
  producer: 'access',
  schema: z.strictObject({
    userId: ownIdSchema,
    rotatedAt: instantSchema,
  }),
});
export type AccessCodeRotatedV1Data = z.infer<typeof AccessCodeRotatedV1.schema>;
