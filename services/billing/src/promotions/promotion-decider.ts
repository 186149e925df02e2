import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import {
  promotionEventDefinitions,
  type PromotionCodeCreated,
  type PromotionEvent,
} from './promotion-events.js';
import type { EventOf } from '@mia/service-kit';

export type PromotionTerms = Omit<
  EventOf<typeof PromotionCodeCreated>['data'],
  'createdBy' | 'createdAt'
>;

/** What a checkout buys: a tool (a PaymentIntent) or a plan (a subscription). */
export type PurchaseKind = 'tools' | 'plans';

/** Why a code cannot be used; the checkout tells the customer in their language. */
export type RefusalReason =
  | 'unknown'
  | 'inactive'
  | 'expired'
  | 'exhausted'
  | 'inapplicable'
  | 'first_purchase_only'
  | 'below_minimum';

export const INVALID_PROMOTION_CODE = 'invalid_promotion_code';

export const refused = (reason: RefusalReason): DomainError =>
  new DomainError('invalid', INVALID_PROMOTION_CODE, `Promotion code refused: ${reason}`, {
    reason,
  });

/** The provider's smallest charge: a discounted total is 0 or at least this. */
export const MIN_CHARGE_CENTS = 50;

/**
 * The discount a code takes off `amountCents`. Percentages round to the nearest cent. A total
 * left between 0 and 0.50 USD is refused rather than rounded: rounding down gives away money
 * the owner did not offer and rounding up charges more than the code promised, and the provider
 * cannot charge less than 0.50 USD.
 */
export function discountOf(terms: PromotionTerms, amountCents: number): number {
  const off =
    terms.percentOff !== null
      ? Math.round((amountCents * terms.percentOff) / 100)
      : Math.min(terms.amountOffCents ?? 0, amountCents);
  const total = amountCents - off;
  if (total > 0 && total < MIN_CHARGE_CENTS) throw refused('below_minimum');
  return off;
}

export interface PromotionState {
  terms: (PromotionTerms & { createdAt: string }) | null;
  active: boolean;
  /** paymentId -> the redemption it holds. */
  redemptions: Record<string, { userId: string; discountCents: number }>;
}

export type PromotionCommand =
  | ({ kind: 'create'; by: string } & PromotionTerms)
  | { kind: 'deactivate'; code: string; by: string }
  | {
      kind: 'redeem';
      code: string;
      paymentId: string;
      userId: string;
      purchase: PurchaseKind;
      amountCents: number;
      /** The customer has never paid for anything (firstPurchaseOnly codes). */
      firstPurchase: boolean;
    }
  | { kind: 'release'; code: string; paymentId: string };

export const redemptionsOf = (state: PromotionState): number =>
  Object.keys(state.redemptions).length;

/**
 * One promotion code: created once (a second code differing only in case is a 409), offered
 * until deactivated or expired, and taken by at most `maxRedemptions` checkouts. A checkout that
 * holds a redemption and asks again (a resumed checkout) keeps it without counting twice.
 */
export const promotionDecider: Decider<PromotionCommand, PromotionState, PromotionEvent> = {
  name: 'billing-promotion',
  initialState: () => ({ terms: null, active: false, redemptions: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PromotionCodeCreated': {
        const { createdBy: _by, ...terms } = event.data;
        return { ...state, terms, active: true };
      }
      case 'PromotionCodeDeactivated':
        return { ...state, active: false };
      case 'PromotionCodeRedeemed': {
        const { paymentId, userId, discountCents } = event.data;
        return {
          ...state,
          redemptions: { ...state.redemptions, [paymentId]: { userId, discountCents } },
        };
      }
      case 'PromotionCodeReleased': {
        const { [event.data.paymentId]: _gone, ...rest } = state.redemptions;
        return { ...state, redemptions: rest };
      }
    }
  },
  decide(command, state, { now }) {
    const at = now.toISOString();
    switch (command.kind) {
      case 'create': {
        if (state.terms) {
          throw new DomainError(
            'conflict',
            'promotion_code_exists',
            `A promotion code "${state.terms.code}" already exists`,
          );
        }
        const { kind: _kind, by, ...terms } = command;
        return [{ type: 'PromotionCodeCreated', data: { ...terms, createdBy: by, createdAt: at } }];
      }
      case 'deactivate':
        if (!state.terms) {
          throw new DomainError(
            'not_found',
            'promotion_code_not_found',
            'Promotion code not found',
          );
        }
        if (!state.active) return [];
        return [
          {
            type: 'PromotionCodeDeactivated',
            data: { code: state.terms.code, by: command.by, at },
          },
        ];
      case 'redeem': {
        const terms = state.terms;
        if (!terms) throw refused('unknown');
        if (!state.active) throw refused('inactive');
        if (terms.expiresAt && Date.parse(terms.expiresAt) <= now.getTime()) {
          throw refused('expired');
        }
        if (terms.appliesTo !== 'all' && terms.appliesTo !== command.purchase) {
          throw refused('inapplicable');
        }
        const held = state.redemptions[command.paymentId];
        const discountCents = discountOf(terms, command.amountCents);
        if (held && held.discountCents === discountCents) return [];
        if (terms.firstPurchaseOnly && !command.firstPurchase) throw refused('first_purchase_only');
        if (
          !held &&
          terms.maxRedemptions !== null &&
          redemptionsOf(state) >= terms.maxRedemptions
        ) {
          throw refused('exhausted');
        }
        const { paymentId, userId, amountCents } = command;
        return [
          {
            type: 'PromotionCodeRedeemed',
            data: { code: terms.code, paymentId, userId, amountCents, discountCents, at },
          },
        ];
      }
      case 'release':
        if (!state.terms || !state.redemptions[command.paymentId]) return [];
        return [
          {
            type: 'PromotionCodeReleased',
            data: { code: state.terms.code, paymentId: command.paymentId, at },
          },
        ];
    }
  },
  read: readerOf<PromotionEvent>(promotionEventDefinitions),
};
