// One customer's requests as the browser and the admin panel make them, through the gateway:
// the plan checkout (card 4242 at the sandbox's card form), the card update (SetupIntent,
// card form, confirm), plan changes, cancel and resume, an admin's grant and revoke, and the
// dashboard. Each returns the HTTP status, never throws on a non-2xx.
import { randomUUID } from 'node:crypto';
import { priceIdFor } from '@mia/catalog';
import {
  eventSubject,
  UserEmailVerifiedV1,
  UserRegisteredV1,
  type EventDefinition,
  type EventEnvelope,
} from '@mia/contracts';
import { createSessionSigner, devKeys } from '@mia/service-kit';
import { cardConfirmForm } from '@mia/stripe-sandbox';
import { waitFor } from '@mia/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { ProofStack } from '../support/proof-stack.js';
import {
  PARTIAL_REFUND_CENTS,
  type Card,
  type DisputeOutcome,
  type PlanType,
  type RefundMode,
} from './reference.js';

export const CARD_NUMBERS: Record<Card, string> = {
  pays: '4242424242424242',
  fails: '4000000000000341',
  disputes: '4000000000000259',
  inquiry: '4000000000001976',
};

const signer = () => {
  const keys = devKeys();
  if (!keys) throw new Error('development keys not found');
  return createSessionSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer: 'mia-identity',
    audience: 'mia',
  });
};

export interface ModelCustomers {
  /** A new customer (known to access's directory only once an admin first needs it). */
  customer(): ModelCustomer;
  /**
   * Closes (won) every dispute still open of these customers: the admin list shows the 500 due
   * first, so a long run must not pile up the open disputes of finished scenarios.
   */
  closeOpenDisputes(userIds: ReadonlySet<string>): Promise<void>;
  close(): Promise<void>;
}

export interface ModelCustomer {
  userId: string;
  email: string;
  subscribe(plan: PlanType, card?: Card): Promise<number>;
  /** Staff refund the newest of the customer's `payments` payments (waiting for it to be listed). */
  refund(mode: RefundMode, payments: number): Promise<number>;
  /** The bank's verdict on one of the customer's open disputes (once billing lists it). */
  closeDispute(outcome: DisputeOutcome): Promise<number>;
  updateCard(card: Card): Promise<number>;
  changePlan(plan: PlanType): Promise<number>;
  cancel(): Promise<number>;
  resume(): Promise<number>;
  /** A tool bought at the checkout (card 4242, then confirm-payment). */
  buy(productId: string, expected: number | null): Promise<number>;
  /** The free trial, the address verified first (as identity would report it). */
  trial(): Promise<number>;
  grant(productId: string, until: Date | null): Promise<number>;
  revoke(productId: string): Promise<number>;
  /** The tools the dashboard says are usable now. */
  usable(): Promise<Set<string>>;
}

export async function modelCustomers(stack: ProofStack): Promise<ModelCustomers> {
  const sign = signer();
  const adminId = randomUUID();
  const admin = (
    await sign({
      userId: adminId,
      email: 'admin@iglesia.org',
      name: 'Admin',
      role: 'admin',
      amr: ['pwd', 'otp'],
    })
  ).token;
  const nc = await connect({ servers: stack.nats.url });
  const js = jetstream(nc);

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gateway.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Record<string, unknown> | null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: res.status, body: json };
  };
  const confirmAtSandbox = async (kind: string, clientSecret: string, number: string) => {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${stack.gateway.url}/sandbox/stripe/v1/${kind}/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardConfirmForm({ publishableKey: 'pk_test_sandbox', clientSecret, number }),
    });
    await res.arrayBuffer();
    return res.status;
  };

  const customer = (): ModelCustomer => {
    const userId = randomUUID();
    const email = `model-${userId}@iglesia.org`;
    let token: string | undefined;
    const session = async () =>
      (token ??= (await sign({ userId, email, name: 'Pastor Modelo', role: 'user' })).token);
    const as = async (method: string, path: string, body?: unknown) =>
      call(await session(), method, path, body);
    /** Announces what identity would (once each), as its relay publishes events. */
    const announced = new Set<string>();
    const announce = async (definition: EventDefinition, data: Record<string, unknown>) => {
      if (announced.has(definition.type)) return;
      announced.add(definition.type);
      const envelope: EventEnvelope = {
        id: randomUUID(),
        type: definition.type,
        version: definition.version,
        occurredAt: new Date().toISOString(),
        streamId: `user-${userId}`,
        streamVersion: announced.size,
        correlationId: randomUUID(),
        causationId: null,
        data: definition.schema.parse(data),
      };
      await js.publish(eventSubject(stack.prefix, definition), JSON.stringify(envelope));
    };
    const register = () =>
      announce(UserRegisteredV1, {
        userId,
        email,
        name: 'Pastor Modelo',
        username: `m${userId.slice(0, 8)}`,
        role: 'user',
      });
    const asAdmin = async (path: string, body: unknown) => {
      await register();
      // The directory hears of the registration asynchronously: an unknown e-mail is retried.
      return waitFor(
        async () => {
          const answer = await call(admin, 'POST', path, body);
          return answer.status === 404 && answer.body?.code === 'unknown_email'
            ? undefined
            : answer.status;
        },
        { timeoutMs: 15_000, intervalMs: 50, message: `access's directory to know ${email}` },
      );
    };
    return {
      userId,
      email,
      async refund(mode, payments) {
        // The newest payment, once access's history lists as many as the provider took.
        const newest = await waitFor(
          async () => {
            const answer = await as('GET', '/api/dashboard');
            // Paid ones only (a failed renewal is listed too, as failed).
            const listed = (
              (answer.body?.payments ?? []) as { id: string; createdAt: string; status: string }[]
            ).filter((p) => p.status === 'succeeded' || p.status === 'refunded');
            if (listed.length < payments) return undefined;
            return [...listed].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!.id;
          },
          { timeoutMs: 15_000, intervalMs: 100, message: `${payments} payments listed` },
        );
        return (
          await call(admin, 'POST', '/api/admin/refunds', {
            paymentId: newest,
            ...(mode === 'partial' ? { amountCents: PARTIAL_REFUND_CENTS } : { planAction: mode }),
          })
        ).status;
      },
      async closeDispute(outcome) {
        const disputeId = await waitFor(
          async () => {
            const answer = await call(admin, 'GET', '/api/admin/disputes');
            const open = (answer.body?.disputes ?? []) as { disputeId: string; userId: string }[];
            return open.find((d) => d.userId === userId)?.disputeId;
          },
          { timeoutMs: 15_000, intervalMs: 100, message: `an open dispute of ${email}` },
        );
        const res = await stack.sandboxControl(
          'POST',
          `/_dispute/${encodeURIComponent(disputeId)}/close`,
          { outcome },
        );
        await res.arrayBuffer();
        return res.status;
      },
      async subscribe(plan, card = 'pays') {
        const created = await as('POST', '/api/subscriptions', {
          priceId: priceIdFor(plan),
          planType: plan,
        });
        if (created.status !== 200) return created.status;
        // The customer's credit paid the first invoice: nothing to confirm, no card saved.
        if (!created.body?.clientSecret) return 200;
        return confirmAtSandbox(
          'payment_intents',
          String(created.body!.clientSecret),
          CARD_NUMBERS[card],
        );
      },
      async updateCard(card) {
        const setup = await as('POST', '/api/billing/payment-method');
        if (setup.status !== 200) return setup.status;
        const saved = await confirmAtSandbox(
          'setup_intents',
          String(setup.body!.clientSecret),
          CARD_NUMBERS[card],
        );
        if (saved !== 200) return saved;
        return (
          await as('POST', '/api/billing/payment-method/confirm', {
            setupIntentId: setup.body!.setupIntentId,
          })
        ).status;
      },
      changePlan: async (plan) =>
        (await as('POST', '/api/billing/subscription/change-plan', { planType: plan })).status,
      cancel: async () => (await as('POST', '/api/billing/subscription/cancel')).status,
      resume: async () => (await as('POST', '/api/billing/subscription/resume')).status,
      async buy(productId, expected) {
        const attempt = async () => {
          const intent = await as('POST', '/api/create-payment-intent', { productId });
          if (intent.status !== 200) return intent.status;
          const card = await confirmAtSandbox(
            'payment_intents',
            String(intent.body!.clientSecret),
            CARD_NUMBERS.pays,
          );
          if (card !== 200) return card;
          return (
            await as('POST', '/api/confirm-payment', {
              paymentIntentId: intent.body!.paymentIntentId,
            })
          ).status;
        };
        // After an admin's revoke, billing hears of the release asynchronously: until then the
        // tool is still owned (409). Given a moment, as the dashboards are.
        if (expected !== 200) return attempt();
        return waitFor(
          async () => {
            const status = await attempt();
            return status === 409 ? undefined : status;
          },
          { timeoutMs: 10_000, intervalMs: 200, message: `billing to release ${productId}` },
        ).catch(() => 409);
      },
      async trial() {
        await announce(UserEmailVerifiedV1, {
          userId,
          email,
          verifiedAt: new Date().toISOString(),
        });
        // Billing hears of the verification asynchronously: until then the trial is refused.
        return waitFor(
          async () => {
            const answer = await as('POST', '/api/trial/start', {});
            return answer.status === 403 && answer.body?.code === 'email_not_verified'
              ? undefined
              : answer.status;
          },
          { timeoutMs: 15_000, intervalMs: 50, message: `billing to know ${email} is verified` },
        );
      },
      grant: (productId, until) =>
        asAdmin('/api/admin/grant-access', {
          email,
          productId,
          ...(until ? { until: until.toISOString() } : {}),
        }),
      revoke: (productId) => asAdmin('/api/admin/revoke-access', { email, productId }),
      async usable() {
        const answer = await as('GET', '/api/dashboard');
        if (answer.status !== 200) throw new Error(`dashboard answered ${answer.status}`);
        const products = answer.body!.availableProducts as { id: string; purchased: boolean }[];
        return new Set(products.filter((p) => p.purchased).map((p) => p.id));
      },
    };
  };
  const closeOpenDisputes = async (userIds: ReadonlySet<string>) => {
    const answer = await call(admin, 'GET', '/api/admin/disputes');
    const open = (answer.body?.disputes ?? []) as { disputeId: string; userId: string }[];
    for (const d of open.filter((o) => userIds.has(o.userId))) {
      const res = await stack.sandboxControl(
        'POST',
        `/_dispute/${encodeURIComponent(d.disputeId)}/close`,
        { outcome: 'won' },
      );
      await res.arrayBuffer();
    }
  };
  return { customer, closeOpenDisputes, close: () => nc.close() };
}
