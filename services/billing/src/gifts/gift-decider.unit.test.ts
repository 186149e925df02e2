import type { GiftPaidV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { giftDecider, type GiftCommand } from './gift-decider.js';
import type { GiftEvent } from './gift-events.js';
import { giftRefundWithinPolicy } from './gift-rules.js';

// A gift's money on its own stream (issue 25, ADR 0020): paid once as GiftPaid, never as a
// purchase of the buyer's; refunded by staff or the provider as GiftRefunded with wasClaimed.

const giftId = '00000000-0000-4000-8000-0000000000f1';
const buyerId = '00000000-0000-4000-8000-0000000000aa';
const otherUser = '00000000-0000-4000-8000-0000000000bb';
const adminId = '00000000-0000-4000-8000-0000000000ad';
const NOW = '2026-03-01T10:00:00.000Z';
const PAID_AT = '2026-03-01T10:01:00.000Z';
const spec = deciderSpec(giftDecider, { now: NOW });

const start = {
  kind: 'start',
  giftId,
  buyerId,
  item: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  recipientEmail: 'pastor@iglesia.org',
  message: 'Gracias por su servicio',
  sendAt: null,
} as const satisfies GiftCommand;

const started: GiftEvent = {
  type: 'GiftStarted',
  data: {
    giftId,
    paymentId: giftId,
    buyerId,
    item: { kind: 'product', productId: 'manual-ceremonias' },
    amountCents: 999,
    currency: 'usd',
    recipientEmail: 'pastor@iglesia.org',
    message: 'Gracias por su servicio',
    sendAt: null,
    startedAt: NOW,
  },
};

const pay = {
  kind: 'pay',
  giftId,
  buyerId,
  providerPaymentId: 'pi_1',
  amountCents: 999,
  currency: 'usd',
  paidAt: PAID_AT,
  cardLast4: '4242',
  receiptUrl: null,
} as const satisfies GiftCommand;

const paidData: GiftPaidV1Data = {
  giftId,
  buyerId,
  paymentId: giftId,
  providerPaymentId: 'pi_1',
  item: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  recipientEmail: 'pastor@iglesia.org',
  message: 'Gracias por su servicio',
  sendAt: PAID_AT,
  paidAt: PAID_AT,
};
const paid: GiftEvent = { type: 'GiftPaid', data: paidData };
const details: GiftEvent = {
  type: 'GiftPaymentDetailsRecorded',
  data: { giftId, cardLast4: '4242', receiptUrl: null },
};
const claimed: GiftEvent = {
  type: 'GiftClaimNoted',
  data: { giftId, recipientId: otherUser, claimedAt: '2026-03-02T10:00:00.000Z' },
};
const refund = (total: number): GiftCommand => ({
  kind: 'refund',
  giftId,
  refundedTotalCents: total,
  refundedAt: '2026-03-03T10:00:00.000Z',
});
const recorded = (amountCents: number, total: number): GiftEvent => ({
  type: 'GiftRefundRecorded',
  data: {
    giftId,
    paymentId: giftId,
    amountCents,
    refundedTotalCents: total,
    refundedAt: '2026-03-03T10:00:00.000Z',
    item: { kind: 'product', productId: 'manual-ceremonias' },
  },
});
const refunded = (wasClaimed: boolean): GiftEvent => ({
  type: 'GiftRefunded',
  data: {
    giftId,
    buyerId,
    paymentId: giftId,
    amountCents: 999,
    refundedAt: '2026-03-03T10:00:00.000Z',
    wasClaimed,
  },
});

describe('gift decider: checkout', () => {
  it('starts a gift at the price fixed by the catalogue; its payment id is the gift id', () => {
    spec.given([]).when(start).then([started]);
  });

  it('a retried start of the same gift decides nothing', () => {
    spec.given([started]).when(start).thenNothing();
  });

  it('a sendAt a few minutes past is "now"; further back is refused with 400', () => {
    const recent = '2026-03-01T09:57:00.000Z';
    spec
      .given([])
      .when({ ...start, sendAt: recent })
      .then([{ ...started, data: { ...started.data, sendAt: recent } } as GiftEvent]);
    spec
      .given([])
      .when({ ...start, sendAt: '2026-03-01T09:00:00.000Z' })
      .thenRefused({ kind: 'invalid', code: 'send_at_past' });
  });

  it('a sendAt up to 366 days ahead is allowed; later is refused', () => {
    const latest = '2027-03-02T10:00:00.000Z';
    spec
      .given([])
      .when({ ...start, sendAt: latest })
      .then([{ ...started, data: { ...started.data, sendAt: latest } } as GiftEvent]);
    spec
      .given([])
      .when({ ...start, sendAt: '2027-03-03T10:00:00.000Z' })
      .thenRefused({ kind: 'invalid', code: 'send_at_too_late' });
  });
});

describe('gift decider: payment', () => {
  it('paid: GiftPaid (never PaymentSucceeded) sent now when no sendAt was chosen', () => {
    spec.given([started]).when(pay).then([paid, details]);
  });

  it('paid with a chosen sendAt: GiftPaid carries it', () => {
    const sendAt = '2026-12-24T08:00:00.000Z';
    const chosen = { ...started, data: { ...started.data, sendAt } } as GiftEvent;
    spec
      .given([chosen])
      .when(pay)
      .then([{ type: 'GiftPaid', data: { ...paidData, sendAt } }, details]);
  });

  it('reported again (webhook after confirm, a redelivery): nothing more', () => {
    spec.given([started, paid, details]).when(pay).thenNothing();
  });

  it('paid for other money than the checkout fixed: under review, no GiftPaid, once', () => {
    const mismatched: GiftEvent = {
      type: 'GiftPaymentMismatched',
      data: {
        giftId,
        providerPaymentId: 'pi_1',
        expectedCents: 999,
        paidCents: 100,
        paidCurrency: 'usd',
      },
    };
    spec
      .given([started])
      .when({ ...pay, amountCents: 100 })
      .then([mismatched]);
    spec
      .given([started, mismatched])
      .when({ ...pay, amountCents: 100 })
      .thenNothing();
  });

  it("another user's report of the payment is refused", () => {
    spec
      .given([started])
      .when({ ...pay, buyerId: otherUser })
      .thenRefused({ code: 'payment_owner_mismatch' });
  });

  it('a payment of an unknown gift is refused (nothing to announce)', () => {
    spec.given([]).when(pay).thenRefused({ kind: 'not_found' });
  });
});

describe('gift decider: claims and refunds', () => {
  it('notes the claim once, and only of a paid gift', () => {
    const note: GiftCommand = {
      kind: 'note-claim',
      giftId,
      recipientId: otherUser,
      claimedAt: '2026-03-02T10:00:00.000Z',
    };
    spec.given([started, paid]).when(note).then([claimed]);
    spec.given([started, paid, claimed]).when(note).thenNothing();
    spec.given([started]).when(note).thenNothing();
  });

  it('staff refund an unclaimed gift in full: requested, then GiftRefunded wasClaimed=false', () => {
    spec
      .given([started, paid])
      .when({ kind: 'request-refund', giftId, adminId })
      .then([
        {
          type: 'GiftRefundRequested',
          data: {
            giftId,
            amountCents: 999,
            refundedBeforeCents: 0,
            requestedBy: adminId,
            requestedAt: NOW,
          },
        },
      ]);
    spec
      .given([started, paid])
      .when(refund(999))
      .then([recorded(999, 999), refunded(false)]);
  });

  it('a claimed gift refunded in full says so (access revokes the grant)', () => {
    spec
      .given([started, paid, claimed])
      .when(refund(999))
      .then([recorded(999, 999), refunded(true)]);
  });

  it('a part refund is recorded, GiftRefunded only once the whole is refunded', () => {
    spec
      .given([started, paid])
      .when(refund(300))
      .then([recorded(300, 300)]);
    spec
      .given([started, paid, recorded(300, 300)])
      .when(refund(999))
      .then([recorded(699, 999), refunded(false)]);
  });

  it('the same refund reported twice (staff call and webhook): recorded once', () => {
    spec
      .given([started, paid, recorded(999, 999), refunded(false)])
      .when(refund(999))
      .thenNothing();
  });

  it('refusals: nothing paid, nothing left, more than is left', () => {
    spec
      .given([started])
      .when({ kind: 'request-refund', giftId, adminId })
      .thenRefused({ kind: 'conflict', code: 'not_paid' });
    spec
      .given([])
      .when({ kind: 'request-refund', giftId, adminId })
      .thenRefused({ kind: 'not_found' });
    spec
      .given([started, paid, recorded(999, 999), refunded(false)])
      .when({ kind: 'request-refund', giftId, adminId })
      .thenRefused({ code: 'already_refunded' });
    spec
      .given([started, paid])
      .when({ kind: 'request-refund', giftId, adminId, amountCents: 1000 })
      .thenRefused({ kind: 'invalid', code: 'refund_too_large' });
  });

  it('a refund reported before the payment is recorded decides nothing', () => {
    spec.given([started]).when(refund(999)).thenNothing();
  });

  it('policy: an unclaimed gift is always within it; a claimed one counts days as a tool', () => {
    const base = { paidAt: PAID_AT, policyDays: 7 };
    expect(
      giftRefundWithinPolicy({ ...base, claimed: false, refundedAt: '2026-09-01T00:00:00.000Z' }),
    ).toBe(true);
    expect(
      giftRefundWithinPolicy({ ...base, claimed: true, refundedAt: '2026-03-05T00:00:00.000Z' }),
    ).toBe(true);
    expect(
      giftRefundWithinPolicy({ ...base, claimed: true, refundedAt: '2026-03-20T00:00:00.000Z' }),
    ).toBe(false);
  });
});

describe('gift decider: disputes and receipt', () => {
  it('a dispute is recorded for staff (once per outcome), announced to nobody', () => {
    const open: GiftCommand = {
      kind: 'dispute',
      giftId,
      disputeId: 'dp_1',
      reason: 'fraudulent',
      outcome: null,
    };
    const noted: GiftEvent = {
      type: 'GiftDisputeNoted',
      data: { giftId, disputeId: 'dp_1', reason: 'fraudulent', outcome: null },
    };
    spec.given([started, paid]).when(open).then([noted]);
    spec.given([started, paid, noted]).when(open).thenNothing();
    spec
      .given([started, paid, noted])
      .when({ ...open, outcome: 'lost' })
      .then([{ type: 'GiftDisputeNoted', data: { ...noted.data, outcome: 'lost' } } as GiftEvent]);
  });

  it('the receipt is marked sent once, after the payment', () => {
    const mark: GiftCommand = { kind: 'mark-receipt-sent', giftId };
    spec.given([started]).when(mark).thenNothing();
    spec
      .given([started, paid])
      .when(mark)
      .then([{ type: 'GiftReceiptSent', data: { giftId } }]);
    spec
      .given([started, paid, { type: 'GiftReceiptSent', data: { giftId } }])
      .when(mark)
      .thenNothing();
  });
});
