import { HttpError, type SessionUser } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { callProvider } from '../provider/provider-errors.js';
import { customerStreamId } from '../shared/ids.js';
import { customerDecider, type CustomerState } from './customer-decider.js';

/** Who is paying, as identity's session token says (its claims carry e-mail and name). */
export interface Payer {
  userId: string;
  email: string;
  name: string;
}

export function payerOf(user: SessionUser): Payer {
  if (!user.email) {
    // Tokens issued before claims carried the e-mail: a new sign-in fixes it.
    throw new HttpError(401, 'Vuelve a iniciar sesión para continuar.', 'session_without_email');
  }
  return { userId: user.id, email: user.email, name: user.name ?? user.email };
}

/** The customer's state, with its receipt address brought up to date. */
export async function customerOf(billing: Billing, payer: Payer): Promise<CustomerState> {
  const { state } = await billing.commands.handle(customerStreamId(payer.userId), customerDecider, {
    kind: 'record-profile',
    ...payer,
  });
  return state;
}

/**
 * The provider's customer for this user, created once: the idempotency key makes concurrent
 * first checkouts receive the same customer, and the stream keeps the first link.
 */
export async function ensureProviderCustomer(
  billing: Billing,
  payer: Payer,
  state: CustomerState,
): Promise<string> {
  if (state.providerCustomerId) return state.providerCustomerId;
  const customer = await callProvider(() =>
    billing.provider.stripe.customers.create(
      { email: payer.email, name: payer.name, metadata: { userId: payer.userId } },
      { idempotencyKey: `customer-${payer.userId}` },
    ),
  );
  const linked = await billing.commands.handle(customerStreamId(payer.userId), customerDecider, {
    kind: 'link-provider',
    userId: payer.userId,
    providerCustomerId: customer.id,
  });
  return linked.state.providerCustomerId ?? customer.id;
}
