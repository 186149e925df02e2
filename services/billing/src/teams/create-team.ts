import type Stripe from 'stripe';
import type { CreateTeamRequest, CreateTeamResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { callProvider } from '../provider/provider-errors.js';
import { subscriptionStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import { teamSeatsDecider } from './team-seats-decider.js';
import { teamPlanStreamId } from './team-seats-events.js';

const EXPAND = ['latest_invoice.confirmation_secret'];

/**
 * Starts a church's team plan (ADR 0020): a subscription of the catalogue's plan price with
 * quantity = seats, waiting for its first invoice (`default_incomplete`) as a personal plan's
 * checkout does; paying the secret (the same confirm and webhook paths) activates it and makes
 * the buyer the team's owner. It is never the buyer's own plan, so the "one personal plan" rule
 * (the customer stream's) is not asked, and a user may own several teams.
 */
export async function createTeam(
  billing: Billing,
  payer: Payer,
  request: CreateTeamRequest,
): Promise<CreateTeamResponse> {
  const plan = await billing.catalog.plan(request.planType);
  const customer = await customerOf(billing, payer);
  const [providerCustomerId, price] = await Promise.all([
    ensureProviderCustomer(billing, payer, customer),
    billing.prices.priceFor(plan.planType),
  ]);
  const { userId } = payer;
  const teamId = billing.newId();
  const subscriptionId = billing.newId();
  const team = { teamId, name: request.name, seats: request.seats };

  await transact(billing, async (session) => {
    await decideIn(billing, session, subscriptionStreamId(subscriptionId), subscriptionDecider, {
      kind: 'open',
      subscriptionId,
      userId,
      plan: plan.planType,
      team,
    });
    await decideIn(billing, session, teamPlanStreamId(teamId), teamSeatsDecider, {
      kind: 'open',
      teamId,
      subscriptionId,
      ownerId: userId,
    });
  });

  const created = await callProvider(() =>
    billing.provider.stripe.subscriptions.create(
      {
        customer: providerCustomerId,
        items: [{ price, quantity: request.seats }],
        payment_behavior: 'default_incomplete',
        payment_settings: {
          save_default_payment_method: 'on_subscription',
          payment_method_types: ['card'],
        },
        // teamId and teamName name the team on its invoices (receipts, payment history).
        metadata: { userId, subscriptionId, plan: plan.planType, teamId, teamName: request.name },
        expand: EXPAND,
      },
      { idempotencyKey: `subscription-${subscriptionId}` },
    ),
  );
  await billing.commands.handle(subscriptionStreamId(subscriptionId), subscriptionDecider, {
    kind: 'link-provider',
    subscriptionId,
    providerSubscriptionId: created.id,
  });
  const invoice = created.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!invoice || !clientSecret) {
    throw new Error(`Team subscription ${created.id} has no first invoice to confirm`);
  }
  return { teamId, clientSecret, amountCents: invoice.amount_due };
}
