import pg from 'pg';
import { dashboardResponseSchema } from '@mia/contracts';
import type {
  AccessPayment,
  AccessTerm,
  BillingPayment,
  BillingReview,
  DashboardView,
  Grant,
  RepeatedEvent,
} from './views.js';

// billing's and access's views, read from their own tables (read-only transactions: the check
// must never change what it checks), and the dashboard as a user sees it through the gateway.

async function readOnly<T>(url: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN READ ONLY');
    return await read(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

export async function readBilling(databaseUrl: string): Promise<BillingPayment[]> {
  return readOnly(databaseUrl, async (client) => {
    const { rows } = await client.query<BillingPayment>(
      `SELECT payment_id AS "paymentId", user_id AS "userId",
              provider_payment_id AS "providerPaymentId", kind, product_id AS "productId",
              subscription_id AS "subscriptionId", status, amount_cents AS "amountCents",
              refunded_cents AS "refundedCents"
         FROM billing.payments`,
    );
    return rows;
  });
}

/**
 * The discount of each tool payment that took a promotion code (paymentId -> cents), from
 * billing's redemptions; empty on a database from before promotion codes.
 */
export async function readDiscounts(databaseUrl: string): Promise<Map<string, number>> {
  return readOnly(databaseUrl, async (client) => {
    const exists = await client.query<{ found: string | null }>(
      `SELECT to_regclass('billing.promotion_redemptions')::text AS found`,
    );
    if (!exists.rows[0]?.found) return new Map();
    const { rows } = await client.query<{ paymentId: string; discountCents: number }>(
      `SELECT payment_id AS "paymentId", discount_cents AS "discountCents"
         FROM billing.promotion_redemptions`,
    );
    return new Map(rows.map((r) => [r.paymentId, r.discountCents]));
  });
}

/** Billing's list of payments taken for other money than started (staff review). */
export async function readReviews(databaseUrl: string): Promise<BillingReview[]> {
  return readOnly(databaseUrl, async (client) => {
    const { rows } = await client.query<BillingReview>(
      `SELECT payment_id AS "paymentId", user_id AS "userId",
              provider_payment_id AS "providerPaymentId", expected_cents AS "expectedCents",
              expected_currency AS "expectedCurrency", paid_cents AS "paidCents",
              paid_currency AS "paidCurrency"
         FROM billing.payment_reviews`,
    );
    return rows;
  });
}

export async function readAccess(
  databaseUrl: string,
): Promise<{ payments: AccessPayment[]; grants: Grant[]; terms: AccessTerm[] }> {
  return readOnly(databaseUrl, async (client) => {
    const payments = await client.query<AccessPayment>(
      `SELECT payment_id AS "paymentId", user_id AS "userId", succeeded,
              fully_refunded AS "fullyRefunded", refunded_cents AS "refundedCents"
         FROM access.payments`,
    );
    const grants = await client.query<Grant>(
      `SELECT user_id AS "userId", grant_id AS "grantId", scope, source_kind AS "sourceKind",
              source_ref AS "sourceRef", status, valid_until AS "validUntil",
              revoked_reason AS "revokedReason"
         FROM access.access_grants`,
    );
    // Every window a paid plan period opened or moved, as access recorded it.
    const terms = await client.query<AccessTerm>(
      `SELECT data->>'userId' AS "userId", data->>'grantId' AS "grantId",
              (data->>'periodEnd')::timestamptz AS "periodEnd"
         FROM access.events WHERE type = 'SubscriptionTermNoted'`,
    );
    return { payments: payments.rows, grants: grants.rows, terms: terms.rows };
  });
}

// Events that must exist once per payment: billing's PaymentSucceeded, access's note of it and
// the tool's grant (`purchase:<paymentId>`, whose id follows the prefix).
const ONCE_PER_PAYMENT = {
  billing: `SELECT type, data->>'paymentId' AS "paymentId", count(*) AS count
              FROM billing.events WHERE type = 'PaymentSucceeded'
             GROUP BY type, data->>'paymentId' HAVING count(*) > 1`,
  access: `SELECT type, data->>'paymentId' AS "paymentId", count(*) AS count
             FROM access.events WHERE type = 'PaymentSucceededNoted'
            GROUP BY type, data->>'paymentId' HAVING count(*) > 1
           UNION ALL
           SELECT type, substr(data->>'grantId', 10), count(*)
             FROM access.events
            WHERE type = 'AccessGranted' AND data->>'grantId' LIKE 'purchase:%'
            GROUP BY type, data->>'grantId' HAVING count(*) > 1`,
};

/** Events of a service's store that must exist once per payment, found more than once. */
export async function readRepeatedEvents(
  databaseUrl: string,
  service: RepeatedEvent['service'],
): Promise<RepeatedEvent[]> {
  return readOnly(databaseUrl, async (client) => {
    const { rows } = await client.query<{ type: string; paymentId: string; count: string }>(
      ONCE_PER_PAYMENT[service],
    );
    return rows.map((r) => ({
      service,
      type: r.type,
      paymentId: r.paymentId,
      count: Number(r.count),
    }));
  });
}

/** A session token for a user, as identity would issue it (the checker reads as that user). */
export type SessionFor = (userId: string) => Promise<string>;

/** Each user's dashboard through the gateway, a few at a time. */
export async function readDashboards(
  gatewayUrl: string,
  userIds: readonly string[],
  sessionFor: SessionFor,
  concurrency = 8,
): Promise<DashboardView[]> {
  const queue = [...new Set(userIds)];
  const views: DashboardView[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let userId = queue.shift(); userId; userId = queue.shift()) {
        const res = await fetch(`${gatewayUrl}/api/dashboard`, {
          headers: { authorization: `Bearer ${await sessionFor(userId)}` },
        });
        if (!res.ok) throw new Error(`dashboard of ${userId}: ${res.status} ${await res.text()}`);
        const body = dashboardResponseSchema.parse(await res.json());
        views.push({
          userId,
          paymentIds: body.payments.map((p) => p.id),
          purchasedProductIds: body.availableProducts.filter((p) => p.purchased).map((p) => p.id),
        });
      }
    }),
  );
  return views;
}
