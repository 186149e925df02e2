import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { giftDecider, type GiftCommand } from './gift-decider.js';
import type { GiftEvent } from './gift-events.js';

const giftId = '00000000-0000-4000-8000-0000000000f1';
const buyerId = '00000000-0000-4000-8000-0000000000aa';
const recipientId = '00000000-0000-4000-8000-0000000000bb';
const paymentId = '00000000-0000-4000-8000-0000000000d1';
const PAID = '2026-03-01T12:00:00.000Z';
const SEND_AT = '2026-03-05T09:00:00.000Z';
const LATER = '2026-03-06T10:00:00.000Z';
const spec = deciderSpec(giftDecider, { now: LATER });

const paid: Extract<GiftCommand, { kind: 'schedule' }> = {
  kind: 'schedule',
  giftId,
  buyerId,
  paymentId,
  item: { kind: 'product', productId: 'apocalipsis' },
  recipientEmail: 'Pastor@Iglesia.org',
  message: 'Gracias <b>pastor</b>',
  sendAt: SEND_AT,
  paidAt: PAID,
};
const { kind: _schedule, ...paidData } = paid;
const scheduled: GiftEvent = {
  type: 'GiftScheduled',
  data: { ...paidData, recipientEmail: 'pastor@iglesia.org' },
};
const sent = (
  tokenHash = 'h1',
  at = SEND_AT,
  recipientEmail = 'pastor@iglesia.org',
): GiftEvent => ({
  type: 'GiftLinkSent',
  data: { giftId, recipientEmail, tokenHash, language: 'es', reason: 'scheduled', sentAt: at },
});
const claimed: GiftEvent = {
  type: 'GiftClaimed',
  data: { giftId, buyerId, recipientId, alreadyOwned: false, claimedAt: LATER },
};
const refunded: GiftEvent = { type: 'GiftRefundNoted', data: { giftId, refundedAt: LATER } };

const claim = (over: Partial<Extract<GiftCommand, { kind: 'claim' }>> = {}): GiftCommand => ({
  kind: 'claim',
  tokenHash: 'h1',
  recipientId,
  accountEmail: 'pastor@iglesia.org',
  verifiedEmail: 'pastor@iglesia.org',
  alreadyOwned: false,
  ...over,
});

describe('a gift', () => {
  it('is scheduled by its payment, once, with the address lower-cased', () => {
    spec.given([]).when(paid).then([scheduled]);
    spec.given([scheduled]).when(paid).thenNothing();
  });

  it('stays refunded when the refund arrived before its payment', () => {
    spec.given([refunded]).when(paid).thenNothing();
  });

  it('is mailed by the sweep once its sendAt has come, and only once', () => {
    spec
      .given([scheduled])
      .when({ kind: 'send-scheduled', tokenHash: 'h1' }, '2026-03-05T08:59:59.000Z')
      .thenNothing();
    spec
      .given([scheduled])
      .when({ kind: 'send-scheduled', tokenHash: 'h1' }, SEND_AT)
      .then([sent('h1', SEND_AT)]);
    spec.given([scheduled, sent()]).when({ kind: 'send-scheduled', tokenHash: 'h2' }).thenNothing();
  });

  it('is not mailed once refunded', () => {
    spec
      .given([scheduled, refunded])
      .when({ kind: 'send-scheduled', tokenHash: 'h1' })
      .thenNothing();
  });

  it('is claimed with its live link by the verified recipient', () => {
    spec.given([scheduled, sent()]).when(claim()).then([claimed]);
    const state = spec.given([scheduled, sent(), claimed]).state;
    expect(state.phase).toBe('claimed');
    expect(state.claim).toEqual({ recipientId, claimedAt: LATER, alreadyOwned: false });
  });

  it('says when the recipient already owned it, and still gives it', () => {
    spec
      .given([scheduled, sent()])
      .when(claim({ alreadyOwned: true }))
      .then([{ ...claimed, data: { ...claimed.data, alreadyOwned: true } } as GiftEvent]);
  });

  it('refuses another account, and an unverified address', () => {
    spec
      .given([scheduled, sent()])
      .when(claim({ accountEmail: 'otra@iglesia.org', verifiedEmail: 'otra@iglesia.org' }))
      .thenRefused({ kind: 'forbidden', code: 'gift_wrong_account' });
    spec
      .given([scheduled, sent()])
      .when(claim({ verifiedEmail: null }))
      .thenRefused({ kind: 'forbidden', code: 'email_not_verified' });
  });

  it('is claimed once: the spent link is refused', () => {
    spec
      .given([scheduled, sent(), claimed])
      .when(claim())
      .thenRefused({ kind: 'conflict', code: 'gift_already_claimed' });
  });

  it('refuses a replaced link, one never mailed, and any once refunded', () => {
    spec
      .given([scheduled, sent('h1'), sent('h2')])
      .when(claim({ tokenHash: 'h1' }))
      .thenRefused({ kind: 'gone', code: 'gift_link_invalid' });
    spec.given([scheduled]).when(claim()).thenRefused({ code: 'gift_link_invalid' });
    spec
      .given([scheduled, sent(), refunded])
      .when(claim())
      .thenRefused({ code: 'gift_link_invalid' });
  });

  it('is resent to the same address by its buyer with a new link', () => {
    spec
      .given([scheduled, sent()])
      .when({ kind: 'resend', buyerId, tokenHash: 'h2', language: 'en' })
      .then([
        {
          type: 'GiftLinkSent',
          data: {
            giftId,
            recipientEmail: 'pastor@iglesia.org',
            tokenHash: 'h2',
            language: 'en',
            reason: 'resend',
            sentAt: LATER,
          },
        },
      ]);
  });

  it('changes its recipient: a new link when mailed, only the address while scheduled', () => {
    spec
      .given([scheduled, sent()])
      .when({
        kind: 'change-recipient',
        buyerId,
        recipientEmail: 'Otro@Iglesia.org',
        tokenHash: 'h2',
        language: 'es',
      })
      .then([
        {
          type: 'GiftRecipientChanged',
          data: { giftId, recipientEmail: 'otro@iglesia.org', changedAt: LATER },
        },
        {
          type: 'GiftLinkSent',
          data: {
            giftId,
            recipientEmail: 'otro@iglesia.org',
            tokenHash: 'h2',
            language: 'es',
            reason: 'recipient_changed',
            sentAt: LATER,
          },
        },
      ]);
    spec
      .given([scheduled])
      .when({
        kind: 'change-recipient',
        buyerId,
        recipientEmail: 'otro@iglesia.org',
        tokenHash: 'h2',
        language: 'es',
      })
      .then([
        {
          type: 'GiftRecipientChanged',
          data: { giftId, recipientEmail: 'otro@iglesia.org', changedAt: LATER },
        },
      ]);
  });

  it('is nobody else’s to change, and no longer changes once claimed or refunded', () => {
    const other = '00000000-0000-4000-8000-0000000000cc';
    spec
      .given([scheduled, sent()])
      .when({ kind: 'resend', buyerId: other, tokenHash: 'h2', language: 'es' })
      .thenRefused({ kind: 'not_found', code: 'gift_not_found' });
    spec
      .given([])
      .when({ kind: 'resend', buyerId, tokenHash: 'h2', language: 'es' })
      .thenRefused({ kind: 'not_found' });
    spec
      .given([scheduled, sent(), claimed])
      .when({
        kind: 'change-recipient',
        buyerId,
        recipientEmail: 'x@y.org',
        tokenHash: 'h2',
        language: 'es',
      })
      .thenRefused({ kind: 'conflict', code: 'gift_claimed' });
    spec
      .given([scheduled, sent(), refunded])
      .when({ kind: 'resend', buyerId, tokenHash: 'h2', language: 'es' })
      .thenRefused({ kind: 'conflict', code: 'gift_refunded' });
  });

  it('is refunded once, claimed or not, and keeps who claimed it', () => {
    spec
      .given([scheduled, sent()])
      .when({ kind: 'refund', giftId, refundedAt: LATER })
      .then([refunded]);
    spec
      .given([scheduled, sent(), refunded])
      .when({ kind: 'refund', giftId, refundedAt: LATER })
      .thenNothing();
    const after = spec.given([scheduled, sent(), claimed, refunded]).state;
    expect(after.phase).toBe('refunded');
    expect(after.claim?.recipientId).toBe(recipientId);
  });
});
