import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import type { PlanPriceEvent } from './catalog-events.js';
import { planPriceDecider } from './plan-price-decider.js';

const now = '2026-11-25T12:00:00.000Z';
const monthly = { planType: 'monthly', currency: 'usd', interval: 'month' } as const;
const seeded: PlanPriceEvent = {
  type: 'PlanPriceChanged',
  data: { ...monthly, priceCents: 2000, previousPriceCents: null, changedAt: now },
};

describe('plan price decider', () => {
  const spec = deciderSpec(planPriceDecider, { now });

  it('the seed sets the first price once', () => {
    spec
      .given([])
      .when({ kind: 'seed', ...monthly, priceCents: 2000 })
      .then([seeded]);
    spec
      .given([seeded])
      .when({ kind: 'seed', ...monthly, priceCents: 2000 })
      .thenNothing();
  });

  it('a change carries the previous price; the same price changes nothing', () => {
    spec
      .given([seeded])
      .when({ kind: 'set', ...monthly, priceCents: 2500 })
      .then([
        {
          type: 'PlanPriceChanged',
          data: { ...monthly, priceCents: 2500, previousPriceCents: 2000, changedAt: now },
        },
      ]);
    spec
      .given([seeded])
      .when({ kind: 'set', ...monthly, priceCents: 2000 })
      .thenNothing();
  });

  it('a plan without a price yet is a 404', () => {
    spec
      .given([])
      .when({ kind: 'set', ...monthly, priceCents: 2500 })
      .thenRefused({ kind: 'not_found', code: 'plan_not_found' });
  });
});
