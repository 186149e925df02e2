import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { SubscriptionActivatedV1 } from './subscription-activated.v1.js';
import { teamPlanSchema } from './team-plan.js';

/**
 * v2 of SubscriptionActivated: the same facts plus `team`, the church's plan it belongs to (null:
 * the buyer's own plan). v1 cannot say a plan is a team's, so billing appends v1 only for
 * personal plans, and only while a consumer declares it (ADR 0020).
 */
export const SubscriptionActivatedV2 = defineEvent({
  type: 'SubscriptionActivated',
  version: 2,
  producer: 'billing',
  schema: SubscriptionActivatedV1.schema.extend({ team: teamPlanSchema.nullable() }),
});
export type SubscriptionActivatedV2Data = z.infer<typeof SubscriptionActivatedV2.schema>;
