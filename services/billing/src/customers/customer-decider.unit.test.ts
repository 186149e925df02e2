import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { customerDecider } from './customer-decider.js';
import type { CustomerEvent } from './customer-events.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const paymentId = '00000000-0000-4000-8000-0000000000b1';
const otherPaymentId = '00000000-0000-4000-8000-0000000000b2';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';

const opened = (id = paymentId): CustomerEvent => ({
  type: 'PurchaseOpened',
  data: { userId, productId: 'manual-ceremonias', paymentId: id },
});
const owned = (id = paymentId): CustomerEvent => ({
  type: 'ProductOwned',
  data: { userId, productId: 'manual-ceremonias', paymentId: id },
});
const noted = (
  state: 'pending' | 'active' | 'ended',
  plan: 'monthly' | 'annual' = 'monthly',
  id = subscriptionId,
): CustomerEvent => ({
  type: 'CustomerSubscriptionNoted',
  data: { userId, subscriptionId: id, plan, state },
});

describe('customer decider: purchases', () => {
  const spec = deciderSpec(customerDecider);
  const open = (id = paymentId) =>
    ({
      kind: 'open-purchase',
      userId,
      productId: 'manual-ceremonias',
      paymentId: id,
      productName: 'Manual de Ceremonias Ministeriales',
    }) as const;

  it('opens one checkout per tool; a second checkout reuses the open one', () => {
    spec.given([]).when(open()).then([opened()]);
    spec.given([opened()]).when(open(otherPaymentId)).thenNothing();
    expect(spec.given([opened()]).state.openPurchases['manual-ceremonias']).toBe(paymentId);
  });

  it('refuses a tool owned for life with 409 and a message naming it', () => {
    spec
      .given([opened(), owned()])
      .when(open(otherPaymentId))
      .thenRefused({
        kind: 'conflict',
        code: 'already_owned',
        message: /Manual de Ceremonias.*de por vida/,
      });
  });

  it('records ownership once; a second paid checkout of the same tool keeps the first', () => {
    const record = (id: string) =>
      ({
        kind: 'record-ownership',
        userId,
        productId: 'manual-ceremonias',
        paymentId: id,
      }) as const;
    spec.given([opened()]).when(record(paymentId)).then([owned()]);
    spec.given([opened(), owned()]).when(record(paymentId)).thenNothing();
    spec.given([opened(), owned()]).when(record(otherPaymentId)).thenNothing();
  });

  it('a full refund of the buying payment releases the tool, so it can be bought again', () => {
    const release = (id: string) =>
      ({
        kind: 'release-ownership',
        userId,
        productId: 'manual-ceremonias',
        paymentId: id,
        reason: 'refund',
      }) as const;
    spec.given([owned()]).when(release(otherPaymentId)).thenNothing();
    const released = spec
      .given([owned()])
      .when(release(paymentId))
      .then([
        {
          type: 'ProductReleased',
          data: { userId, productId: 'manual-ceremonias', paymentId, reason: 'refund' },
        },
      ]);
    spec
      .given([owned(), ...released])
      .when(open(otherPaymentId))
      .then([opened(otherPaymentId)]);
  });

  it('an admin revocation in access releases the tool by its payment; later news never re-owns it', () => {
    const revoke = (id: string) => ({ kind: 'release-payment', userId, paymentId: id }) as const;
    spec.given([owned()]).when(revoke(otherPaymentId)).thenNothing();
    const released = spec
      .given([owned()])
      .when(revoke(paymentId))
      .then([
        {
          type: 'ProductReleased',
          data: { userId, productId: 'manual-ceremonias', paymentId, reason: 'admin' },
        },
      ]);
    spec
      .given([owned(), ...released])
      .when(revoke(paymentId))
      .thenNothing();
    // A dispute or partial refund of the old payment syncs ownership again: it stays released.
    spec
      .given([owned(), ...released])
      .when({ kind: 'record-ownership', userId, productId: 'manual-ceremonias', paymentId })
      .thenNothing();
    spec
      .given([owned(), ...released])
      .when(open(otherPaymentId))
      .then([opened(otherPaymentId)]);
  });
});

describe('customer decider: subscriptions', () => {
  const spec = deciderSpec(customerDecider);
  const open = (plan: 'monthly' | 'annual', id = subscriptionId) =>
    ({ kind: 'open-subscription', userId, subscriptionId: id, plan }) as const;
  const second = '00000000-0000-4000-8000-0000000000c2';

  it('opens a pending subscription; the same plan again resumes it', () => {
    spec
      .given([])
      .when(open('monthly'))
      .then([noted('pending')]);
    spec
      .given([noted('pending')])
      .when(open('monthly', second))
      .thenNothing();
  });

  it('refuses a checkout of the other plan while one is unpaid: both could be paid', () => {
    spec
      .given([noted('pending')])
      .when(open('annual', second))
      .thenRefused({ kind: 'conflict', code: 'plan_checkout_pending', message: /Plan Mensual/ });
    // One never created at the provider cannot be paid: it does not stand in the way.
    spec
      .given([noted('pending')])
      .when({ ...open('annual', second), unpayable: [subscriptionId] })
      .then([noted('pending', 'annual', second)]);
    // Once the unpaid one ended (expired or canceled), the other plan may start.
    spec
      .given([noted('pending'), noted('ended')])
      .when(open('annual', second))
      .then([noted('pending', 'annual', second)]);
  });

  it('refuses a second subscription beside an active one', () => {
    spec
      .given([noted('pending'), noted('active')])
      .when(open('annual', second))
      .thenRefused({ kind: 'conflict', code: 'already_subscribed', message: /Cambiar plan/ });
  });

  it('allows a new subscription once the old one ended', () => {
    spec
      .given([noted('pending'), noted('active'), noted('ended')])
      .when(open('annual', second))
      .then([noted('pending', 'annual', second)]);
  });

  it('a late "active" never revives an ended subscription', () => {
    spec
      .given([noted('active'), noted('ended')])
      .when({ kind: 'note-subscription', userId, subscriptionId, plan: 'monthly', state: 'active' })
      .thenNothing();
  });
});

describe('customer decider: provider customer and card', () => {
  const spec = deciderSpec(customerDecider);

  it('links the provider customer once', () => {
    const link = (id: string) =>
      ({ kind: 'link-provider', userId, providerCustomerId: id }) as const;
    spec
      .given([])
      .when(link('cus_1'))
      .then([{ type: 'ProviderCustomerLinked', data: { userId, providerCustomerId: 'cus_1' } }]);
    spec
      .given([{ type: 'ProviderCustomerLinked', data: { userId, providerCustomerId: 'cus_1' } }])
      .when(link('cus_2'))
      .thenNothing();
  });

  it('records the profile with the e-mail lower-cased, and only when it changed', () => {
    const event: CustomerEvent = {
      type: 'CustomerProfileRecorded',
      data: { userId, email: 'ana@iglesia.org', name: 'Ana' },
    };
    spec
      .given([])
      .when({ kind: 'record-profile', userId, email: ' Ana@Iglesia.org ', name: 'Ana' })
      .then([event]);
    spec
      .given([event])
      .when({ kind: 'record-profile', userId, email: 'ana@iglesia.org', name: 'Ana' })
      .thenNothing();
  });

  it('saves a card only when it differs from the saved one', () => {
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 };
    const saved: CustomerEvent = { type: 'CardSaved', data: { userId, ...card } };
    spec
      .given([])
      .when({ kind: 'save-card', userId, ...card })
      .then([saved]);
    spec
      .given([saved])
      .when({ kind: 'save-card', userId, ...card })
      .thenNothing();
  });
});
