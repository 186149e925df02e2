import type Stripe from 'stripe';
import type { UpdateTeamRequest, UpdateTeamResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { callProvider } from '../provider/provider-errors.js';
import { idOf } from '../provider/views.js';
import { subscriptionStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applySubscription } from '../subscriptions/apply-subscription.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import { factsOf } from '../subscriptions/subscription-facts.js';
import { SEATS_CHANGE_DECLINED, TEAM_NOT_FOUND } from './team-messages.js';
import { teamSeatsDecider } from './team-seats-decider.js';
import { teamPlanStreamId } from './team-seats-events.js';

/** The team's stream and subscription, for its owner only: anyone else learns nothing (404). */
async function ownedTeam(billing: Billing, userId: string, teamId: string) {
  const { state: team } = await billing.commands.load(teamPlanStreamId(teamId), teamSeatsDecider);
  if (!team.subscriptionId || team.ownerId !== userId) {
    throw new DomainError('not_found', 'team_not_found', TEAM_NOT_FOUND);
  }
  const { state } = await billing.commands.load(
    subscriptionStreamId(team.subscriptionId),
    subscriptionDecider,
  );
  if (!state.providerSubscriptionId || !state.team) {
    throw new DomainError('not_found', 'team_not_found', TEAM_NOT_FOUND);
  }
  return { team, subscriptionId: team.subscriptionId, providerId: state.providerSubscriptionId };
}

/** Records what the provider answered (its webhooks will say the same and change nothing). */
async function record(billing: Billing, teamId: string, sub: Stripe.Subscription) {
  const facts = factsOf(sub);
  if (!facts) throw new Error(`Subscription ${sub.id} lost its metadata`);
  await transact(billing, (session) => applySubscription(billing, session, facts));
  return {
    teamId,
    seats: facts.view.quantity ?? 0,
    cancelAtPeriodEnd: facts.view.cancelAtPeriodEnd,
  };
}

/**
 * The owner changes the team plan: its seats (the provider's quantity, prorated and invoiced at
 * once, paid before it applies: `pending_if_incomplete` leaves a declined change undone, 402) and
 * whether it ends at the period's end. Never below the seats access says are taken (409).
 */
export async function updateTeam(
  billing: Billing,
  userId: string,
  teamId: string,
  request: UpdateTeamRequest,
): Promise<UpdateTeamResponse> {
  const { team, subscriptionId, providerId } = await ownedTeam(billing, userId, teamId);
  const { stripe } = billing.provider;
  let current = await callProvider(() => stripe.subscriptions.retrieve(providerId));
  const facts = factsOf(current);
  if (!facts) throw new Error(`Subscription ${current.id} lost its metadata`);
  await billing.commands.handle(subscriptionStreamId(subscriptionId), subscriptionDecider, {
    kind: 'request-team-change',
    ...(request.seats !== undefined ? { seats: request.seats } : {}),
    ...(request.cancelAtPeriodEnd !== undefined
      ? { cancelAtPeriodEnd: request.cancelAtPeriodEnd }
      : {}),
    seatsTaken: team.seatsTaken,
    provider: facts.view,
  });

  const item = current.items.data[0]!;
  if (request.seats !== undefined && request.seats !== item.quantity) {
    // Only the items and proration may go with pending_if_incomplete.
    current = await callProvider(() =>
      stripe.subscriptions.update(providerId, {
        items: [{ id: item.id, quantity: request.seats }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      }),
    );
    if (current.pending_update) {
      const message = await declineMessageOf(billing, idOf(current.latest_invoice));
      throw new DomainError('payment_required', 'seats_change_declined', message);
    }
  }
  if (
    request.cancelAtPeriodEnd !== undefined &&
    request.cancelAtPeriodEnd !== current.cancel_at_period_end
  ) {
    current = await callProvider(() =>
      stripe.subscriptions.update(providerId, {
        cancel_at_period_end: request.cancelAtPeriodEnd,
      }),
    );
  }
  return record(billing, teamId, current);
}

/** Why the provider could not charge the change's invoice (its PaymentIntent's last error). */
async function declineMessageOf(billing: Billing, invoiceId: string | null): Promise<string> {
  if (!invoiceId) return SEATS_CHANGE_DECLINED;
  const { stripe } = billing.provider;
  const invoice = await callProvider(() =>
    stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent'] }),
  );
  const pi = invoice.payments?.data[0]?.payment.payment_intent;
  const error = pi && typeof pi === 'object' ? pi.last_payment_error : null;
  return error?.message ?? SEATS_CHANGE_DECLINED;
}
