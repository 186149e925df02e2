import type { PlanType } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { planPriceEventDefinitions, type PlanPriceEvent } from './catalog-events.js';

export type PlanPriceCommand =
  | {
      kind: 'set';
      planType: PlanType;
      priceCents: number;
      currency: string;
      interval: 'month' | 'year';
    }
  /** The first start's seed: the price libs/catalog held, or nothing if the plan has one. */
  | {
      kind: 'seed';
      planType: PlanType;
      priceCents: number;
      currency: string;
      interval: 'month' | 'year';
    };

export interface PlanPriceState {
  priceCents: number | null;
}

export const PLAN_NOT_SEEDED_MESSAGE = 'Este plan todavía no tiene precio.';

/**
 * A plan's price (one stream per plan type). Each change is PlanPriceChanged with the previous
 * price, so subscribers are told and moved at renewal; the same price again changes nothing.
 */
export const planPriceDecider: Decider<PlanPriceCommand, PlanPriceState, PlanPriceEvent> = {
  name: 'billing-catalog-plan-price',
  initialState: () => ({ priceCents: null }),
  evolve: (_state, event) => ({ priceCents: event.data.priceCents }),
  decide(command, state, { now }) {
    if (command.kind === 'seed' && state.priceCents !== null) return [];
    if (command.kind === 'set' && state.priceCents === null) {
      throw new DomainError('not_found', 'plan_not_found', PLAN_NOT_SEEDED_MESSAGE);
    }
    if (state.priceCents === command.priceCents) return [];
    const { planType, priceCents, currency, interval } = command;
    return [
      {
        type: 'PlanPriceChanged',
        data: {
          planType,
          priceCents,
          previousPriceCents: state.priceCents,
          currency,
          interval,
          changedAt: now.toISOString(),
        },
      },
    ];
  },
  read: readerOf<PlanPriceEvent>(planPriceEventDefinitions),
};
