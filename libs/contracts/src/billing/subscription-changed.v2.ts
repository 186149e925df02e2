import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { SubscriptionChangedV1 } from './subscription-changed.v1.js';
import { teamPlanSchema } from './team-plan.js';

/**
 * v2 of SubscriptionChanged: the same facts plus `team`, the church's plan it belongs to (null:
 * the buyer's own plan). v1 cannot say a plan is a team's, so billing appends v1 only for
 * personal plans, and only while a consumer declares it (ADR 0020).
 */
export const SubscriptionChangedV2 = defineEvent({
  type: 'SubscriptionChanged',
  version: 2,
  producer: 'billing',
  schema: SubscriptionChangedV1.schema.extend({ team: teamPlanSchema.nullable() }),
});
export type SubscriptionChangedV2Data = z.infer<typeof SubscriptionChangedV2.schema>;
