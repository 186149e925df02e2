import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema, currencyCodeSchema, instantSchema, planTypeSchema } from '../fields.js';

/**
 * A plan's price changed. New checkouts pay `priceCents` from `changedAt`; existing subscribers
 * move at their first renewal at least 7 days after the notice mail billing sends them.
 */
export const PlanPriceChangedV1 = defineEvent({
  type: 'PlanPriceChanged',
  version: 1,
  producer: 'billing',
  schema: z.object({
    planType: planTypeSchema,
    priceCents: amountCentsSchema,
    previousPriceCents: amountCentsSchema.nullable(),
    currency: currencyCodeSchema,
    interval: z.enum(['month', 'year']),
    changedAt: instantSchema,
  }),
});
export type PlanPriceChangedV1Data = z.infer<typeof PlanPriceChangedV1.schema>;
