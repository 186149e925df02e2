import { centsToAmountString } from '@mia/catalog';
import type { GrantRevocationReasonV2, GrantSourceKindV2 } from '@mia/contracts';
import { qualified } from '@mia/service-kit';
import type pg from 'pg';
import type { Grant, GrantStatus } from '../entitlements/grants.js';
import { paymentStatus, type PaymentEntry } from '../payments/payments.js';
import type { UsageEntry } from '../usage/usage.js';

/** Everything the dashboard shows, read from access's own read models. */
export interface DashboardRows {
  name: string | null;
  grants: Grant[];
  usage: UsageEntry[];
  payments: PaymentEntry[];
  /** The sealed access code, when the user has one yet. */
  sealedCode: string | null;
}

// The dashboard is the page every signed-in visit loads, so it is read in one round trip: one
// prepared statement (planned once per connection) instead of five ORM queries, each with its
// own pool checkout and query building. The same rows the other readers use, same order.
const statement = (schema: string) => `
  SELECT
    (SELECT name FROM ${qualified(schema, 'user_directory')} WHERE user_id = $1) AS name,
    (SELECT coalesce(json_agg(g ORDER BY g.granted_at), '[]'::json) FROM (
       SELECT grant_id, scope, source_kind, source_ref, granted_by, reason, valid_from,
              valid_until, status, revoked_reason, granted_at, grace_until, team_name,
              gift_from
       FROM ${qualified(schema, 'access_grants')} WHERE user_id = $1) g) AS grants,
    (SELECT coalesce(json_agg(u ORDER BY u.last_accessed DESC), '[]'::json) FROM (
       SELECT product_id, queries_used, last_accessed
       FROM ${qualified(schema, 'usage_counts')} WHERE user_id = $1) u) AS usage,
    (SELECT coalesce(json_agg(p ORDER BY p.created_at DESC), '[]'::json) FROM (
       SELECT payment_id, description, amount_cents, currency, created_at, succeeded, failed,
              refunded_cents, fully_refunded, discount_cents, promotion_code
       FROM ${qualified(schema, 'payments')}
       WHERE user_id = $1 AND created_at IS NOT NULL AND amount_cents IS NOT NULL) p) AS payments,
    (SELECT code_ciphertext FROM ${qualified(schema, 'access_codes')} WHERE user_id = $1) AS code`;

interface GrantRow {
  grant_id: string;
  scope: string;
  source_kind: string;
  source_ref: string;
  granted_by: string | null;
  reason: string | null;
  valid_from: string;
  valid_until: string | null;
  status: string;
  revoked_reason: string | null;
  /** A past-due plan's grace end (usable() counts it: without it a plan in grace looked closed). */
  grace_until: string | null;
  team_name: string | null;
  gift_from: string | null;
}
interface UsageRow {
  product_id: string;
  queries_used: number;
  last_accessed: string;
}
interface PaymentRow {
  payment_id: string;
  description: string | null;
  amount_cents: number;
  currency: string | null;
  created_at: string;
  succeeded: boolean;
  failed: boolean;
  refunded_cents: number;
  fully_refunded: boolean;
  discount_cents: number;
  promotion_code: string | null;
}

// json_agg writes timestamps in the session's time zone; the API answers ISO UTC.
const iso = (at: string) => new Date(at).toISOString();

function grantOf(row: GrantRow): Grant {
  const source: Grant['source'] = {
    kind: row.source_kind as GrantSourceKindV2,
    ref: row.source_ref,
  };
  if (row.granted_by !== null) source.by = row.granted_by;
  if (row.reason !== null) source.reason = row.reason;
  if (row.team_name !== null) source.teamName = row.team_name;
  if (row.gift_from !== null) source.giftFrom = row.gift_from;
  const grant: Grant = {
    grantId: row.grant_id,
    scope: row.scope,
    source,
    validFrom: iso(row.valid_from),
    validUntil: row.valid_until === null ? null : iso(row.valid_until),
    status: row.status as GrantStatus,
  };
  if (row.revoked_reason !== null)
    grant.revokedReason = row.revoked_reason as GrantRevocationReasonV2;
  if (row.grace_until !== null) grant.graceUntil = iso(row.grace_until);
  return grant;
}

function paymentOf(row: PaymentRow): PaymentEntry | null {
  const status = paymentStatus({
    succeeded: row.succeeded,
    failed: row.failed,
    fullyRefunded: row.fully_refunded,
  });
  if (status === null) return null;
  return {
    id: row.payment_id,
    createdAt: iso(row.created_at),
    description: row.description ?? '',
    amount: centsToAmountString(row.amount_cents),
    status,
    currency: row.currency ?? 'usd',
    amountCents: row.amount_cents,
    refundedCents: row.refunded_cents,
    discountCents: row.discount_cents,
    promotionCode: row.promotion_code,
  };
}

export function dashboardReader(pool: pg.Pool, schema: string) {
  const text = statement(schema);
  const name = `access-dashboard-${schema}`;
  return async (userId: string): Promise<DashboardRows> => {
    const { rows } = await pool.query<{
      name: string | null;
      grants: GrantRow[];
      usage: UsageRow[];
      payments: PaymentRow[];
      code: string | null;
    }>({ name, text, values: [userId] });
    const row = rows[0]!;
    return {
      name: row.name,
      grants: row.grants.map(grantOf),
      usage: row.usage.map((u) => ({
        productId: u.product_id,
        queriesUsed: u.queries_used,
        lastAccessed: iso(u.last_accessed),
      })),
      payments: row.payments.map(paymentOf).filter((p): p is PaymentEntry => p !== null),
      sealedCode: row.code,
    };
  };
}
