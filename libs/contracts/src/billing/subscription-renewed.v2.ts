import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { SubscriptionRenewedV1 } from './subscription-renewed.v1.js';
import { teamPlanSchema } from './team-plan.js';

/**
 * v2 of SubscriptionRenewed: the same facts plus `team`, the church's plan it belongs to (null:
 * the buyer's own plan). v1 cannot say a plan is a team's, so billing appends v1 only for
 * personal plans, and only while a consumer declares it (ADR 0020).
 */
export const SubscriptionRenewedV2 = defineEvent({
  type: 'SubscriptionRenewed',
  version: 2,
  producer: 'billing',
  schema: SubscriptionRenewedV1.schema.extend({ team: teamPlanSchema.nullable() }),
});
export type SubscriptionRenewedV2Data = z.infer<typeof SubscriptionRenewedV2.schema>;
