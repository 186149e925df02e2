import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';
import { AccessGrantedV1 } from './access-granted.v1.js';
import { grantSourceKindV2Schema } from './grant-fields.js';

/**
 * v2 of AccessGranted (ADR 0020): the source may be a team seat (`ref` = teamId, with the team's
 * name for people) or a gift (`ref` = giftId, with the buyer). Grants of v1's kinds are appended
 * as v2 plus a v1 twin while a consumer declares v1; team and gift grants as v2 only.
 */
export const AccessGrantedV2 = defineEvent({
  type: 'AccessGranted',
  version: 2,
  producer: 'access',
  schema: AccessGrantedV1.schema.extend({
    source: AccessGrantedV1.schema.shape.source.extend({
      kind: grantSourceKindV2Schema,
      /** The team's name when the source is a team seat ("Incluido en el plan de {team}"). */
      teamName: singleLineText({ max: 80 }).optional(),
      /** Who paid for the gift, when the source is a gift. */
      giftFrom: ownIdSchema.optional(),
    }),
  }),
});
export type AccessGrantedV2Data = z.infer<typeof AccessGrantedV2.schema>;
