import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { SubscriptionEndedV1 } from './subscription-ended.v1.js';
import { teamPlanSchema } from './team-plan.js';

/**
 * v2 of SubscriptionEnded: the same facts plus `team`, the church's plan it belongs to (null:
 * the buyer's own plan). v1 cannot say a plan is a team's, so billing appends v1 only for
 * personal plans, and only while a consumer declares it (ADR 0020).
 */
export const SubscriptionEndedV2 = defineEvent({
  type: 'SubscriptionEnded',
  version: 2,
  producer: 'billing',
  schema: SubscriptionEndedV1.schema.extend({ team: teamPlanSchema.nullable() }),
});
export type SubscriptionEndedV2Data = z.infer<typeof SubscriptionEndedV2.schema>;
