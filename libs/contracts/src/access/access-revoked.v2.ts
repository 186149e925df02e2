import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { AccessRevokedV1 } from './access-revoked.v1.js';
import { grantRevocationReasonV2Schema, grantSourceKindV2Schema } from './grant-fields.js';

/**
 * v2 of AccessRevoked (ADR 0020): team and gift sources, and `team_seat_ended` (removed from the
 * team, or left it). A team plan that lapses ends its seats with `subscription_ended`; a refunded
 * gift with `refund`. v1 twins as for AccessGranted v2.
 */
export const AccessRevokedV2 = defineEvent({
  type: 'AccessRevoked',
  version: 2,
  producer: 'access',
  schema: AccessRevokedV1.schema.extend({
    reason: grantRevocationReasonV2Schema,
    source: z.object({ kind: grantSourceKindV2Schema, ref: z.string().min(1) }).optional(),
  }),
});
export type AccessRevokedV2Data = z.infer<typeof AccessRevokedV2.schema>;
