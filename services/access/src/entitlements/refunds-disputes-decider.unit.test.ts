import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import type { EntitlementEvent } from './entitlement-events.js';
import { entitlementsDecider, type EntitlementCommand } from './entitlements-decider.js';

// Refunds and disputes of tools and of plans (issue 20, item 3): what they do to the grant the
// payment paid for.

const userId = '00000000-0000-4000-8000-0000000000aa';
const paymentId = '00000000-0000-4000-8000-0000000000b1';
const invoicePaymentId = '00000000-0000-4000-8000-0000000000b2';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const spec = deciderSpec(entitlementsDecider, { now: '2026-03-01T12:00:00.000Z' });

const tool = { kind: 'product', productId: 'apocalipsis' } as const;
const plan = { kind: 'subscription', subscriptionId, plan: 'monthly' } as const;
const toolGrant = `purchase:${paymentId}`;
const planGrant = `subscription:${subscriptionId}`;

const toolGranted: EntitlementEvent = {
  type: 'AccessGranted',
  data: {
    grantId: toolGrant,
    userId,
    scope: 'apocalipsis',
    source: { kind: 'purchase', ref: paymentId },
    validFrom: '2026-03-01T11:59:00.000Z',
    validUntil: null,
  },
};
const planGranted: EntitlementEvent = {
  type: 'AccessGranted',
  data: {
    grantId: planGrant,
    userId,
    scope: 'all',
    source: { kind: 'subscription', ref: subscriptionId },
    validFrom: '2026-03-01T11:00:00.000Z',
    validUntil: '2026-04-01T11:00:00.000Z',
  },
};

const refund = (
  purpose: typeof tool | typeof plan,
  full: boolean,
  planAction: 'cancel_now' | 'keep' | null,
): EntitlementCommand => ({
  kind: 'revoke-purchase',
  userId,
  paymentId: purpose.kind === 'product' ? paymentId : invoicePaymentId,
  purpose,
  full,
  planAction,
});
const dispute = (
  purpose: typeof tool | typeof plan,
  inquiry = false,
  disputeId = 'dp_1',
): EntitlementCommand => ({
  kind: 'open-dispute',
  userId,
  paymentId: purpose.kind === 'product' ? paymentId : invoicePaymentId,
  purpose,
  disputeId,
  inquiry,
});
const close = (
  purpose: typeof tool | typeof plan,
  outcome: 'won' | 'lost' | 'warning_closed' | 'prevented',
  disputeId = 'dp_1',
): EntitlementCommand => ({
  kind: 'close-dispute',
  userId,
  paymentId: purpose.kind === 'product' ? paymentId : invoicePaymentId,
  purpose,
  disputeId,
  outcome,
});
const noted = (
  grantId: string,
  status: 'open' | 'inquiry' | 'won' | 'lost' | 'warning_closed' | 'prevented',
  disputeId = 'dp_1',
): EntitlementEvent => ({ type: 'DisputeNoted', data: { grantId, userId, disputeId, status } });
const suspended = (grantId: string): EntitlementEvent => ({
  type: 'AccessSuspended',
  data: { grantId, userId, reason: 'dispute' },
});
const restored = (grantId: string): EntitlementEvent => ({
  type: 'AccessRestored',
  data: { grantId, userId },
});

describe('refunds', () => {
  it('a partial refund of a tool leaves it', () => {
    spec
      .given([toolGranted])
      .when(refund(tool, false, null))
      .thenNothing();
  });

  it('a plan refunded with cancel_now ends the plan grant (reason refund)', () => {
    spec
      .given([planGranted])
      .when(refund(plan, true, 'cancel_now'))
      .then([{ type: 'AccessRevoked', data: { grantId: planGrant, userId, reason: 'refund' } }]);
  });

  it('a plan refunded with keep, or partially, keeps running', () => {
    spec
      .given([planGranted])
      .when(refund(plan, true, 'keep'))
      .thenNothing();
    spec
      .given([planGranted])
      .when(refund(plan, false, 'keep'))
      .thenNothing();
  });

  it('a plan refund never touches a purchase grant of the same payment id', () => {
    spec
      .given([toolGranted])
      .when(refund(plan, true, 'cancel_now'))
      .then([{ type: 'AccessRevoked', data: { grantId: planGrant, userId, reason: 'refund' } }]);
  });
});

describe('inquiries', () => {
  it('are noted but suspend nothing', () => {
    spec
      .given([toolGranted])
      .when(dispute(tool, true))
      .then([noted(toolGrant, 'inquiry')]);
    spec
      .given([planGranted])
      .when(dispute(plan, true))
      .then([noted(planGrant, 'inquiry')]);
  });

  it('an inquiry that escalates to a chargeback suspends then', () => {
    spec
      .given([toolGranted, noted(toolGrant, 'inquiry')])
      .when(dispute(tool, false))
      .then([noted(toolGrant, 'open'), suspended(toolGrant)]);
  });

  it('an inquiry redelivered changes nothing; closed as warning_closed it changes no access', () => {
    const history = [toolGranted, noted(toolGrant, 'inquiry')];
    spec.given(history).when(dispute(tool, true)).thenNothing();
    spec
      .given(history)
      .when(close(tool, 'warning_closed'))
      .then([noted(toolGrant, 'warning_closed')]);
  });
});

describe('disputes of tools', () => {
  const open = [toolGranted, noted(toolGrant, 'open'), suspended(toolGrant)];

  it('warning_closed and prevented restore the suspended tool, like won', () => {
    for (const outcome of ['won', 'warning_closed', 'prevented'] as const) {
      spec
        .given(open)
        .when(close(tool, outcome))
        .then([noted(toolGrant, outcome), restored(toolGrant)]);
    }
  });

  it('a closed dispute is not closed again', () => {
    spec
      .given([...open, noted(toolGrant, 'prevented'), restored(toolGrant)])
      .when(close(tool, 'lost'))
      .thenNothing();
  });
});

describe('disputes of plans', () => {
  const open = [planGranted, noted(planGrant, 'open'), suspended(planGrant)];

  it('a chargeback on a plan payment suspends the plan', () => {
    spec
      .given([planGranted])
      .when(dispute(plan))
      .then([noted(planGrant, 'open'), suspended(planGrant)]);
  });

  it('won restores the plan', () => {
    spec
      .given(open)
      .when(close(plan, 'won'))
      .then([noted(planGrant, 'won'), restored(planGrant)]);
  });

  it('lost ends the plan for good', () => {
    spec
      .given(open)
      .when(close(plan, 'lost'))
      .then([
        noted(planGrant, 'lost'),
        {
          type: 'AccessRevoked',
          data: { grantId: planGrant, userId, reason: 'dispute', detail: 'dp_1' },
        },
      ]);
  });

  it('two disputed invoices of one plan: the plan opens again only when both are settled', () => {
    const both = [...open, noted(planGrant, 'open', 'dp_2')];
    spec
      .given(both)
      .when(close(plan, 'won', 'dp_1'))
      .then([noted(planGrant, 'won', 'dp_1')]);
    spec
      .given([...both, noted(planGrant, 'won', 'dp_1')])
      .when(close(plan, 'prevented', 'dp_2'))
      .then([noted(planGrant, 'prevented', 'dp_2'), restored(planGrant)]);
  });
});
