import { findProduct } from '@mia/catalog';
import { classify, type LedgerReport } from './classify.js';
import { readProviderView } from './provider.js';
import {
  readAccess,
  readBilling,
  readDashboards,
  readRepeatedEvents,
  readDiscounts,
  readReviews,
  type SessionFor,
} from './services.js';

export interface LedgerSources {
  /** The Stripe sandbox's base URL (its Stripe API). */
  sandboxUrl: string;
  /** Its secret key of that run (`npm start`: .data/stripe-sandbox/secret-key). */
  sandboxSecretKey: string;
  billingDatabaseUrl: string;
  accessDatabaseUrl: string;
  /** With a session maker, every paying user's dashboard is checked through the gateway. */
  gateway?: { url: string; sessionFor: SessionFor };
}

/** Reads the three views after a run and classifies every payment. */
export async function checkLedger(sources: LedgerSources): Promise<LedgerReport> {
  const [provider, billing, reviews, access, billingRepeats, accessRepeats, discounts] =
    await Promise.all([
      readProviderView(sources.sandboxUrl, sources.sandboxSecretKey),
      readBilling(sources.billingDatabaseUrl),
      readReviews(sources.billingDatabaseUrl),
      readAccess(sources.accessDatabaseUrl),
      readRepeatedEvents(sources.billingDatabaseUrl, 'billing'),
      readRepeatedEvents(sources.accessDatabaseUrl, 'access'),
      readDiscounts(sources.billingDatabaseUrl),
    ]);
  const dashboards = sources.gateway
    ? await readDashboards(
        sources.gateway.url,
        provider.payments.map((p) => p.userId),
        sources.gateway.sessionFor,
      )
    : [];
  return classify({
    provider,
    billing,
    reviews,
    toolPriceCents: (productId) => findProduct(productId)?.priceCents,
    discountCents: (paymentId) => discounts.get(paymentId),
    access,
    dashboards,
    repeatedEvents: [...billingRepeats, ...accessRepeats],
  });
}
