import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing } from '../errors.js';
import { paginate } from '../list.js';
import { refundObject } from '../objects/refund.js';
import { enumParam, intParam, mergeMetadata, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

function getCharge(core: Core, id: string, param?: string): Stripe.Charge {
  const charge = core.state.charges.get(id);
  if (!charge) throw resourceMissing('charge', id, param);
  return charge;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The charge a refund names, directly or through its PaymentIntent's latest charge. */
function chargeToRefund(core: Core, chargeId?: string, piId?: string): Stripe.Charge {
  if (chargeId) return getCharge(core, chargeId, 'charge');
  if (!piId)
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  const pi = core.state.paymentIntents.get(piId);
  if (!pi) throw resourceMissing('payment_intent', piId, 'payment_intent');
  const latest = typeof pi.latest_charge === 'string' ? pi.latest_charge : pi.latest_charge?.id;
  const charge = latest ? core.state.charges.get(latest) : undefined;
  if (!charge || pi.status !== 'succeeded') {
    throw invalidRequest(
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      'payment_intent',
      'charge_not_refundable',
    );
  }
  return charge;
}

export const chargeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/charges/:id',
    handle: ({ core, path, expand }) => render(core.state, getCharge(core, path.id!), expand),
  },
  {
    method: 'GET',
    path: '/v1/charges',
    handle({ core, params, expand }) {
      const pi = strParam(params, 'payment_intent');
      const customer = strParam(params, 'customer');
      const items = newestFirst(
        core.state.charges,
        (c) => (!pi || c.payment_intent === pi) && (!customer || c.customer === customer),
      );
      return render(core.state, paginate(items, params, '/v1/charges'), expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    handle({ core, params, expand }) {
      const charge = chargeToRefund(
        core,
        strParam(params, 'charge'),
        strParam(params, 'payment_intent'),
      );
      if (charge.status !== 'succeeded') {
        throw invalidRequest(
          `Charge ${charge.id} has not succeeded.`,
          'charge',
          'charge_not_refundable',
        );
      }
      if (charge.disputed) {
        throw invalidRequest(
          `Charge ${charge.id} has been charged back; cannot issue a refund.`,
          undefined,
          'charge_disputed',
        );
      }
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining === 0) {
        throw invalidRequest(
          `Charge ${charge.id} has already been refunded.`,
          undefined,
          'charge_already_refunded',
        );
      }
      const amount = intParam(params, 'amount') ?? remaining;
      if (amount < 1) throw invalidRequest('Invalid amount: must be at least 1', 'amount');
      if (amount > remaining) {
        throw invalidRequest(
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
          'amount',
          'amount_too_large',
        );
      }
      const refund = refundObject({
        created: core.clock.now(),
        charge,
        amount,
        reason:
          enumParam(params, 'reason', [
            'duplicate',
            'fraudulent',
            'requested_by_customer',
          ] as const) ?? null,
        metadata: mergeMetadata({}, params),
      });
      core.state.refunds.set(refund.id, refund);
      const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      charge.refunds?.data.unshift(refund);
      core.emit('charge.refunded', charge, previous);
      return render(core.state, refund, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    handle({ core, path, expand }) {
      const refund = core.state.refunds.get(path.id!);
      if (!refund) throw resourceMissing('refund', path.id!);
      return render(core.state, refund, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    handle({ core, params, expand }) {
      const pi = strParam(params, 'payment_intent');
      const charge = strParam(params, 'charge');
      const items = newestFirst(
        core.state.refunds,
        (r) => (!pi || r.payment_intent === pi) && (!charge || r.charge === charge),
      );
      return render(core.state, paginate(items, params, '/v1/refunds'), expand);
    },
  },
];
