import { describe, expect, it } from 'vitest';
import { balanced, classify, formatReport } from './classify.js';
import type { BillingPayment, Grant, LedgerViews, ProviderPayment } from './views.js';

const USER = '11111111-1111-4111-8111-111111111111';
const PAY = '22222222-2222-4222-8222-222222222222';
const SUB = '33333333-3333-4333-8333-333333333333';

const paid: ProviderPayment = {
  providerPaymentId: 'pi_1',
  userId: USER,
  purpose: { kind: 'product', productId: 'manual-ceremonias', paymentId: PAY },
  amountCents: 999,
  refundedCents: 0,
  dispute: null,
};
const record: BillingPayment = {
  paymentId: PAY,
  userId: USER,
  providerPaymentId: 'pi_1',
  kind: 'product',
  productId: 'manual-ceremonias',
  subscriptionId: null,
  status: 'succeeded',
  amountCents: 999,
  refundedCents: 0,
};
const grant: Grant = {
  userId: USER,
  grantId: `purchase:${PAY}`,
  scope: 'manual-ceremonias',
  sourceKind: 'purchase',
  sourceRef: PAY,
  status: 'active',
  validUntil: null,
};
const history = {
  paymentId: PAY,
  userId: USER,
  succeeded: true,
  fullyRefunded: false,
  refundedCents: 0,
};

/** One tool bought and held everywhere; each test changes one view. */
function views(change: (v: LedgerViews) => void = () => undefined): LedgerViews {
  const v: LedgerViews = {
    provider: { payments: [{ ...paid }], subscriptions: [] },
    billing: [{ ...record }],
    access: { payments: [{ ...history }], grants: [{ ...grant }] },
    dashboards: [{ userId: USER, paymentIds: [PAY], purchasedProductIds: ['manual-ceremonias'] }],
  };
  change(v);
  return v;
}

describe('the ledger check', () => {
  it('a payment held once everywhere with its tool is ok', () => {
    const report = classify(views());
    expect(report.counts).toMatchObject({ payments: 1, ok: 1, lost: 0, duplicated: 0, wrong: 0 });
    expect(balanced(report)).toBe(true);
  });

  it('a payment billing never recorded is lost', () => {
    const report = classify(views((v) => (v.billing = [])));
    expect(report.counts).toMatchObject({ ok: 0, lost: 1 });
    expect(formatReport(report)).toContain('billing has no payment for it');
  });

  it('a payment recorded but never granted is lost', () => {
    const report = classify(views((v) => (v.access.grants = [])));
    expect(report.counts.lost).toBe(1);
    expect(report.discrepancies[0]).toMatchObject({ kind: 'lost', paymentId: PAY });
  });

  it("a payment missing from access's history or the dashboard is lost", () => {
    expect(classify(views((v) => (v.access.payments = []))).counts.lost).toBe(1);
    expect(classify(views((v) => (v.dashboards[0]!.paymentIds = []))).counts.lost).toBe(1);
  });

  it('two billing records for one provider payment are duplicated', () => {
    const report = classify(
      views((v) =>
        v.billing.push({ ...record, paymentId: '44444444-4444-4444-8444-444444444444' }),
      ),
    );
    expect(report.counts).toMatchObject({ duplicated: 1, ok: 0 });
  });

  it('a dashboard line twice, or a refund counted twice, is duplicated', () => {
    expect(classify(views((v) => v.dashboards[0]!.paymentIds.push(PAY))).counts.duplicated).toBe(1);
    const refunded = classify(
      views((v) => {
        v.provider.payments[0]!.refundedCents = 500;
        v.billing[0]!.refundedCents = 1000;
      }),
    );
    expect(refunded.counts.duplicated).toBe(1);
  });

  it("an effect recorded twice in a service's store is duplicated", () => {
    const report = classify(
      views(
        (v) =>
          (v.repeatedEvents = [
            { service: 'access', type: 'AccessGranted', paymentId: PAY, count: 2 },
          ]),
      ),
    );
    expect(report.counts).toMatchObject({ duplicated: 1, ok: 0 });
    expect(formatReport(report)).toContain('access recorded AccessGranted 2 times');
  });

  it('the same tool charged twice to one customer is duplicated', () => {
    const report = classify(
      views((v) => {
        const second = '55555555-5555-4555-8555-555555555555';
        v.provider.payments.push({
          ...paid,
          providerPaymentId: 'pi_2',
          purpose: { kind: 'product', productId: 'manual-ceremonias', paymentId: second },
        });
        v.billing.push({ ...record, paymentId: second, providerPaymentId: 'pi_2' });
        v.access.payments.push({ ...history, paymentId: second });
        v.access.grants.push({ ...grant, grantId: `purchase:${second}`, sourceRef: second });
        v.dashboards[0]!.paymentIds.push(second);
      }),
    );
    expect(report.counts).toMatchObject({ payments: 2, ok: 1, duplicated: 1 });
  });

  it('a refunded payment whose tool stays open is wrong access', () => {
    const report = classify(
      views((v) => {
        v.provider.payments[0]!.refundedCents = 999;
        v.billing[0]!.status = 'refunded';
        v.billing[0]!.refundedCents = 999;
        v.access.payments[0]!.fullyRefunded = true;
      }),
    );
    expect(report.counts.wrong).toBe(1);
    expect(formatReport(report)).toContain('grant is active, should be revoked');
  });

  it('an open dispute suspends; a lost one revokes', () => {
    const disputed = (outcome: 'open' | 'lost', status: string) =>
      classify(
        views((v) => {
          v.provider.payments[0]!.dispute = outcome;
          v.billing[0]!.status = 'disputed';
          v.access.grants[0]!.status = status;
          v.dashboards = [];
        }),
      ).counts;
    expect(disputed('open', 'suspended')).toMatchObject({ ok: 1 });
    expect(disputed('lost', 'revoked')).toMatchObject({ ok: 1 });
    expect(disputed('open', 'active')).toMatchObject({ wrong: 1 });
  });

  it('a payment or grant the provider does not vouch for is unbacked', () => {
    const report = classify(views((v) => (v.provider.payments = [])));
    expect(report.counts).toMatchObject({ payments: 0, unbacked: 3 });
    expect(formatReport(report)).toContain('with no provider payment behind it');
  });

  it("a plan's access follows the provider's subscription", () => {
    const plan = (status: string, grantStatus: string | null, until = 2_000_000_000) =>
      classify(
        views((v) => {
          v.provider.subscriptions.push({
            providerSubscriptionId: 'sub_1',
            subscriptionId: SUB,
            userId: USER,
            status,
            currentPeriodEnd: 2_000_000_000,
          });
          if (grantStatus)
            v.access.grants.push({
              ...grant,
              grantId: `subscription:${SUB}`,
              scope: 'all',
              sourceKind: 'subscription',
              sourceRef: SUB,
              status: grantStatus,
              validUntil: new Date(until * 1000),
            });
        }),
      ).counts;
    expect(plan('active', 'active')).toMatchObject({ subscriptions: 1, subscriptionsWrong: 0 });
    expect(plan('active', null)).toMatchObject({ subscriptionsWrong: 1 });
    expect(plan('active', 'active', 1_999_000_000)).toMatchObject({ subscriptionsWrong: 1 });
    expect(plan('canceled', 'active')).toMatchObject({ subscriptionsWrong: 1 });
    expect(plan('canceled', 'revoked')).toMatchObject({ subscriptionsWrong: 0 });
  });

  it("a plan payment's dispute suspends and restores the plan; a lost one or a cancel_now refund ends it", () => {
    const plan = (
      status: string,
      grantStatus: string,
      payment: { disputeStatus?: string; refund?: 'cancel_now' | 'keep' },
    ) =>
      classify(
        views((v) => {
          v.provider.subscriptions.push({
            providerSubscriptionId: 'sub_1',
            subscriptionId: SUB,
            userId: USER,
            status,
            currentPeriodEnd: 2_000_000_000,
          });
          v.provider.payments.push({
            providerPaymentId: 'pi_plan',
            userId: USER,
            purpose: { kind: 'subscription', providerSubscriptionId: 'sub_1', subscriptionId: SUB },
            amountCents: 2000,
            refundedCents: payment.refund ? 2000 : 0,
            dispute: payment.disputeStatus ? 'open' : null,
            disputeStatus: payment.disputeStatus ?? null,
            refundPlanActions: payment.refund ? [payment.refund] : [],
          });
          v.access.grants.push({
            ...grant,
            grantId: `subscription:${SUB}`,
            scope: 'all',
            sourceKind: 'subscription',
            sourceRef: SUB,
            status: grantStatus,
            validUntil: new Date(2_000_000_000 * 1000),
          });
        }),
      ).counts;
    const ok = { subscriptionsWrong: 0 };
    const wrong = { subscriptionsWrong: 1 };
    expect(plan('active', 'suspended', { disputeStatus: 'needs_response' })).toMatchObject(ok);
    expect(plan('active', 'active', { disputeStatus: 'needs_response' })).toMatchObject(wrong);
    // Inquiries suspend nothing; won, prevented and warning_closed restore.
    for (const disputeStatus of ['warning_needs_response', 'won', 'prevented', 'warning_closed']) {
      expect(plan('active', 'active', { disputeStatus })).toMatchObject(ok);
      expect(plan('active', 'suspended', { disputeStatus })).toMatchObject(wrong);
    }
    expect(plan('canceled', 'revoked', { disputeStatus: 'lost' })).toMatchObject(ok);
    expect(plan('active', 'active', { disputeStatus: 'lost' })).toMatchObject(wrong);
    expect(plan('canceled', 'revoked', { refund: 'cancel_now' })).toMatchObject(ok);
    expect(plan('active', 'active', { refund: 'cancel_now' })).toMatchObject(wrong);
    expect(plan('active', 'active', { refund: 'keep' })).toMatchObject(ok);
  });

  it('a purchase an admin took back is neither wrong nor kept: buying it again is no double charge', () => {
    const PAY2 = '44444444-4444-4444-8444-444444444444';
    const report = classify(
      views((v) => {
        v.access.grants[0] = { ...grant, status: 'revoked', revokedReason: 'admin' };
        v.provider.payments.push({
          ...paid,
          providerPaymentId: 'pi_2',
          purpose: { kind: 'product', productId: 'manual-ceremonias', paymentId: PAY2 },
        });
        v.billing.push({ ...record, paymentId: PAY2, providerPaymentId: 'pi_2' });
        v.access.payments.push({ ...history, paymentId: PAY2 });
        v.access.grants.push({ ...grant, grantId: `purchase:${PAY2}`, sourceRef: PAY2 });
        v.dashboards[0]!.paymentIds.push(PAY2);
      }),
    );
    expect(report.discrepancies).toEqual([]);
    // Revoked for another reason with the money kept: still wrong.
    const refundless = classify(
      views((v) => {
        v.access.grants[0] = { ...grant, status: 'revoked', revokedReason: 'refund' };
      }),
    );
    expect(refundless.counts.wrong).toBe(1);
  });

  describe('payments taken for other money than started', () => {
    const review = {
      paymentId: PAY,
      userId: USER,
      providerPaymentId: 'pi_1',
      expectedCents: 999,
      expectedCurrency: 'usd',
      paidCents: 50,
      paidCurrency: 'usd',
    };
    /** Paid 0.50 for the 9.99 tool: billing recorded no success, access granted nothing. */
    const mismatch = (change: (v: LedgerViews) => void = () => undefined) =>
      views((v) => {
        v.provider.payments[0]!.amountCents = 50;
        v.billing = [{ ...record, status: 'pending', providerPaymentId: null }];
        v.reviews = [{ ...review }];
        v.toolPriceCents = () => 999;
        v.access = { payments: [], grants: [] };
        v.dashboards = [];
        change(v);
      });

    it('listed for review and granted nothing: counted as mismatched and printed, balanced', () => {
      const report = classify(mismatch());
      expect(report.counts).toMatchObject({ payments: 1, mismatched: 1, ok: 0, lost: 0 });
      expect(balanced(report)).toBe(true);
      expect(formatReport(report)).toContain('paid 50 usd, started 999 usd');
    });

    it('listed but granted anyway is wrong', () => {
      const report = classify(mismatch((v) => v.access.grants.push({ ...grant })));
      expect(report.counts).toMatchObject({ mismatched: 0, wrong: 1 });
    });

    it('a tool paid at another price than the catalogue and not listed is wrong', () => {
      const report = classify(
        views((v) => {
          v.toolPriceCents = () => 1299;
        }),
      );
      expect(report.counts).toMatchObject({ ok: 0, wrong: 1 });
      expect(formatReport(report)).toContain('not listed for review');
    });

    it('a tool bought with a promotion code is held to its price less the discount', () => {
      const discounted = (discount: number) =>
        classify(
          views((v) => {
            v.toolPriceCents = () => 999 + 500;
            v.discountCents = (paymentId) => (paymentId === PAY ? discount : undefined);
          }),
        );
      expect(discounted(500).counts).toMatchObject({ ok: 1, wrong: 0 });
      expect(discounted(400).counts).toMatchObject({ ok: 0, wrong: 1 });
      expect(formatReport(discounted(400))).toContain('(400 off)');
    });
  });
  it('every paid plan period opened an access window, and every window has a paid period behind it', () => {
    const periodEnd = (s: number) => new Date(s * 1000);
    const planViews = (terms: number[], paidEnds: number[]) =>
      classify(
        views((v) => {
          v.provider.paidPlanPeriods = paidEnds.map((end, i) => ({
            invoiceId: `in_${i}`,
            providerSubscriptionId: 'sub_1',
            subscriptionId: SUB,
            userId: USER,
            periodEnd: end,
          }));
          v.access.terms = terms.map((end) => ({
            userId: USER,
            grantId: `subscription:${SUB}`,
            periodEnd: periodEnd(end),
          }));
        }),
      );
    // Activation and a renewal, both noted: balanced.
    const both = planViews([1_800_000_000, 1_802_592_000], [1_800_000_000, 1_802_592_000]);
    expect(both.counts).toMatchObject({ planPeriods: 2, planPeriodsLost: 0, unbacked: 0 });
    expect(balanced(both)).toBe(true);
    // The renewal came first and the activation's older term was never noted: still covered.
    expect(balanced(planViews([1_802_592_000], [1_800_000_000, 1_802_592_000]))).toBe(true);
    // A paid renewal access never heard of.
    const lost = planViews([1_800_000_000], [1_800_000_000, 1_802_592_000]);
    expect(lost.counts).toMatchObject({ planPeriodsLost: 1 });
    expect(formatReport(lost)).toContain('opened no access window');
    // Unless the provider ended the plan and access closed it first (cancellation heard first).
    const endedFirst = classify(
      views((v) => {
        v.provider.paidPlanPeriods = [
          {
            invoiceId: 'in_0',
            providerSubscriptionId: 'sub_1',
            subscriptionId: SUB,
            userId: USER,
            periodEnd: 1_800_000_000,
          },
        ];
        v.provider.subscriptions.push({
          providerSubscriptionId: 'sub_1',
          subscriptionId: SUB,
          userId: USER,
          status: 'canceled',
          currentPeriodEnd: 1_800_000_000,
        });
        v.access.terms = [];
        v.access.grants.push({
          ...grant,
          grantId: `subscription:${SUB}`,
          scope: 'all',
          sourceKind: 'subscription',
          sourceRef: SUB,
          status: 'revoked',
        });
      }),
    );
    expect(endedFirst.counts).toMatchObject({ planPeriods: 1, planPeriodsLost: 0 });
    // A failed renewal that extended access anyway: a window no invoice paid for.
    const extended = planViews([1_800_000_000, 1_802_592_000], [1_800_000_000]);
    expect(extended.counts).toMatchObject({ planPeriodsLost: 0, unbacked: 1 });
    expect(formatReport(extended)).toContain('no paid invoice ends there');
  });

  it('a plan renewal that paid other money than the price (listed) owes no window, and must not get one', () => {
    const renewal = (terms: number[]) =>
      classify(
        views((v) => {
          v.provider.paidPlanPeriods = [1_800_000_000, 1_802_592_000].map((end, i) => ({
            invoiceId: `in_${i}`,
            providerPaymentId: `pi_plan_${i}`,
            providerSubscriptionId: 'sub_1',
            subscriptionId: SUB,
            userId: USER,
            periodEnd: end,
          }));
          v.reviews = [
            {
              paymentId: PAY,
              userId: USER,
              providerPaymentId: 'pi_plan_1',
              expectedCents: 2000,
              expectedCurrency: 'usd',
              paidCents: 50,
              paidCurrency: 'usd',
            },
          ];
          v.access.terms = terms.map((end) => ({
            userId: USER,
            grantId: `subscription:${SUB}`,
            periodEnd: new Date(end * 1000),
          }));
        }),
      );
    const held = renewal([1_800_000_000]);
    expect(held.counts).toMatchObject({ planPeriods: 1, planPeriodsLost: 0, unbacked: 0 });
    expect(balanced(held)).toBe(true);
    const extended = renewal([1_800_000_000, 1_802_592_000]);
    expect(extended.counts).toMatchObject({ unbacked: 1 });
  });
});
