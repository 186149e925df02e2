import { centsToAmountString } from '@mia/catalog';
import {
  billingCardSchema,
  type BillingInvoice,
  type BillingOverviewResponse,
  type PlanType,
  type SubscriptionStatus,
} from '@mia/contracts';
import type { Billing } from '../billing.js';
import { giftInvoices } from '../gifts/gift-invoices.js';
import type { MailLocale } from '../mail/templates/layout.js';
import { describedIn } from '../teams/team-plan-label.js';

const INVOICE_LIMIT = 100;

/**
 * The dashboard's Billing Management card from billing's read models: the latest subscription
 * that was ever paid, the trial, the card on file, and every payment with an outcome
 * (checkouts never confirmed are left out).
 */
export async function billingOverview(
  billing: Billing,
  userId: string,
  locale: MailLocale = 'es',
): Promise<BillingOverviewResponse> {
  const { db } = billing;
  const [subscription, trial, customer, payments, gifts] = await Promise.all([
    db.subscription.findFirst({
      // The buyer's own plan only: a church's team plan opens nothing to its buyer (ADR 0020).
      where: { userId, activatedAt: { not: null }, teamId: null },
      orderBy: { activatedAt: 'desc' },
    }),
    db.trial.findUnique({ where: { userId } }),
    db.customer.findUnique({ where: { userId } }),
    db.payment.findMany({
      where: { userId, status: { not: 'pending' } },
      orderBy: { createdAt: 'desc' },
      take: INVOICE_LIMIT,
    }),
    // Gifts paid for someone else, named in the asker's language.
    giftInvoices(billing, userId, locale, INVOICE_LIMIT),
  ]);

  // The plan's catalogue price (a subscriber told of a price change sees the new one here).
  const catalogPlan = subscription
    ? await billing.catalog.plan(subscription.plan as PlanType)
    : null;
  const plan =
    subscription && subscription.currentPeriodEnd && catalogPlan
      ? {
          planType: subscription.plan as PlanType,
          status: subscription.status as SubscriptionStatus,
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          priceCents: catalogPlan.priceCents,
          currency: 'usd',
        }
      : null;

  const card = billingCardSchema.safeParse({
    brand: customer?.cardBrand,
    last4: customer?.cardLast4,
    expMonth: customer?.cardExpMonth,
    expYear: customer?.cardExpYear,
  });

  const own = payments.map((p): BillingInvoice => ({
    id: p.paymentId,
    createdAt: (p.paidAt ?? p.createdAt).toISOString(),
    description: describedIn(p.description, locale),
    amount: centsToAmountString(p.amountCents),
    status: p.status as BillingInvoice['status'],
    receiptUrl: p.receiptUrl,
  }));
  // Without gifts the read model's order stands; with them, newest first by the date shown.
  const invoices: BillingInvoice[] =
    gifts.length === 0
      ? own
      : [...own, ...gifts]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .slice(0, INVOICE_LIMIT);

  return {
    plan,
    trialEndsAt: trial?.endsAt.toISOString() ?? null,
    card: card.success ? card.data : null,
    invoices,
  };
}
