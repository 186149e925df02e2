import {
  SubscriptionActivatedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  SubscriptionRenewedV2,
  TrialStartedV1,
} from '@mia/contracts';
import { on, type ReactionContext } from '@mia/service-kit';
import type { SupportTx } from '../db.js';

// The customer's subscriptions and trial. A subscription's events come from its own stream in
// billing: the newest stream version wins, except that an ended subscription stays ended and
// the period end only moves forward on activation and renewal. Subscription events are read as v2
// (ADR 0020): a church's team plan (`team` set) is not the customer's own plan, so it is left
// out of their subscriptions here.

interface Terms {
  subscriptionId: string;
  userId: string;
  plan: string;
  status: string;
  cancelAtPeriodEnd: boolean | null;
  currentPeriodEnd: string;
  /** Activation and renewal only move the period end forward; a change may move it back. */
  forwardOnly: boolean;
}

async function applyTerms(
  ctx: Pick<ReactionContext<SupportTx>, 'sql' | 'now'>,
  terms: Terms,
  streamVersion: number | undefined,
) {
  await ctx.sql.query(
    `INSERT INTO customer_subscriptions (subscription_id, user_id, plan, status,
       cancel_at_period_end, current_period_end, source_version, updated_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, coalesce($5::boolean, false), $6::timestamptz, $7::int,
       $8::timestamptz)
     ON CONFLICT (subscription_id) DO UPDATE SET
       plan = EXCLUDED.plan,
       status = CASE WHEN customer_subscriptions.ended_at IS NOT NULL
                     THEN customer_subscriptions.status ELSE EXCLUDED.status END,
       cancel_at_period_end = coalesce($5::boolean, customer_subscriptions.cancel_at_period_end),
       current_period_end = CASE WHEN $9::boolean
         THEN greatest(customer_subscriptions.current_period_end, EXCLUDED.current_period_end)
         ELSE EXCLUDED.current_period_end END,
       source_version = EXCLUDED.source_version,
       updated_at = EXCLUDED.updated_at
     WHERE customer_subscriptions.source_version <= EXCLUDED.source_version`,
    [
      terms.subscriptionId,
      terms.userId,
      terms.plan,
      terms.status,
      terms.cancelAtPeriodEnd,
      terms.currentPeriodEnd,
      streamVersion ?? 0,
      ctx.now.toISOString(),
      terms.forwardOnly,
    ],
  );
}

export const recordSubscriptionOnActivated = on<typeof SubscriptionActivatedV2, SupportTx>(
  SubscriptionActivatedV2,
  (data, envelope, ctx) =>
    data.team
      ? Promise.resolve()
      : applyTerms(
          ctx,
          { ...data, status: 'active', cancelAtPeriodEnd: null, forwardOnly: true },
          envelope.streamVersion,
        ),
);

export const recordSubscriptionOnRenewed = on<typeof SubscriptionRenewedV2, SupportTx>(
  SubscriptionRenewedV2,
  (data, envelope, ctx) =>
    data.team
      ? Promise.resolve()
      : applyTerms(
          ctx,
          { ...data, status: 'active', cancelAtPeriodEnd: null, forwardOnly: true },
          envelope.streamVersion,
        ),
);

export const recordSubscriptionOnChanged = on<typeof SubscriptionChangedV2, SupportTx>(
  SubscriptionChangedV2,
  (data, envelope, ctx) =>
    data.team
      ? Promise.resolve()
      : applyTerms(ctx, { ...data, forwardOnly: false }, envelope.streamVersion),
);

export const recordEndOnSubscriptionEnded = on<typeof SubscriptionEndedV2, SupportTx>(
  SubscriptionEndedV2,
  async (data, _envelope, ctx) => {
    if (data.team) return;
    await ctx.sql.query(
      `INSERT INTO customer_subscriptions (subscription_id, user_id, status, ended_at, end_reason,
         updated_at)
       VALUES ($1::uuid, $2::uuid, 'canceled', $3::timestamptz, $4, $5::timestamptz)
       ON CONFLICT (subscription_id) DO UPDATE SET
         status = 'canceled', ended_at = EXCLUDED.ended_at, end_reason = EXCLUDED.end_reason,
         updated_at = EXCLUDED.updated_at`,
      [data.subscriptionId, data.userId, data.endedAt, data.reason, ctx.now.toISOString()],
    );
  },
);

export const recordTrialOnTrialStarted = on<typeof TrialStartedV1, SupportTx>(
  TrialStartedV1,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_trials (trial_id, user_id, started_at, ends_at)
       VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz)
       ON CONFLICT (trial_id) DO NOTHING`,
      [data.trialId, data.userId, data.startedAt, data.endsAt],
    );
  },
);
