import {
  SubscriptionActivatedV1,
  SubscriptionChangedV1,
  SubscriptionChangedV2,
  SubscriptionEndedV1,
  SubscriptionRenewedV1,
} from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { SubscriptionOpened, SubscriptionProviderLinked } from './subscription-events.js';

/**
 * `subscriptions`: each subscription's current terms, for the billing overview (a team plan's
 * row carries its team and seats). Activated, Renewed, Changed and Ended arrive as v2 and, for a
 * personal plan, as their v1 twin too: both set the same terms. Rows come from
 * SubscriptionOpened, the first event of every stream; updates never throw on a missing row,
 * so a projection can never fail the transaction of a webhook.
 */
export const subscriptionsProjection: Projection<BillingTx> = {
  name: 'billing-subscriptions',
  handles: [
    SubscriptionOpened.type,
    SubscriptionProviderLinked.type,
    SubscriptionActivatedV1.type,
    SubscriptionRenewedV1.type,
    SubscriptionChangedV1.type,
    SubscriptionEndedV1.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case SubscriptionOpened.type: {
        const data = SubscriptionOpened.schema.parse(event.data);
        await tx.subscription.upsert({
          where: { subscriptionId: data.subscriptionId },
          create: {
            subscriptionId: data.subscriptionId,
            userId: data.userId,
            plan: data.plan,
            status: 'incomplete',
            teamId: data.team?.teamId ?? null,
            teamName: data.team?.name ?? null,
            seats: data.team?.seats ?? null,
            createdAt: at,
            updatedAt: at,
          },
          update: {},
        });
        return;
      }
      case SubscriptionProviderLinked.type: {
        const data = SubscriptionProviderLinked.schema.parse(event.data);
        await tx.subscription.updateMany({
          where: { subscriptionId: data.subscriptionId },
          data: { providerSubscriptionId: data.providerSubscriptionId, updatedAt: at },
        });
        return;
      }
      case SubscriptionActivatedV1.type: {
        const data = SubscriptionActivatedV1.schema.parse(event.data);
        await tx.subscription.updateMany({
          where: { subscriptionId: data.subscriptionId },
          data: {
            plan: data.plan,
            status: 'active',
            currentPeriodEnd: new Date(data.currentPeriodEnd),
            activatedAt: at,
            updatedAt: at,
          },
        });
        return;
      }
      case SubscriptionRenewedV1.type: {
        const data = SubscriptionRenewedV1.schema.parse(event.data);
        await tx.subscription.updateMany({
          where: { subscriptionId: data.subscriptionId },
          data: {
            plan: data.plan,
            currentPeriodEnd: new Date(data.currentPeriodEnd),
            updatedAt: at,
          },
        });
        return;
      }
      case SubscriptionChangedV1.type: {
        // v2 and a personal plan's v1 twin say the same terms; v2 also a team's seats now.
        const data = SubscriptionChangedV1.schema.parse(event.data);
        const team =
          event.version === 2 ? SubscriptionChangedV2.schema.parse(event.data).team : null;
        await tx.subscription.updateMany({
          where: { subscriptionId: data.subscriptionId },
          data: {
            plan: data.plan,
            status: data.status,
            cancelAtPeriodEnd: data.cancelAtPeriodEnd,
            currentPeriodEnd: new Date(data.currentPeriodEnd),
            ...(team ? { seats: team.seats } : {}),
            updatedAt: at,
          },
        });
        return;
      }
      case SubscriptionEndedV1.type: {
        const data = SubscriptionEndedV1.schema.parse(event.data);
        await tx.subscription.updateMany({
          where: { subscriptionId: data.subscriptionId },
          data: {
            status: 'canceled',
            endedAt: new Date(data.endedAt),
            endedReason: data.reason,
            updatedAt: at,
          },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.subscription.deleteMany();
  },
};
