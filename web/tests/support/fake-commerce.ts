import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import {
  centsToAmountString,
  findProduct,
  isProductId,
  planFor,
  products,
  trial,
  type PlanType,
} from '@mia/catalog';
import {
  accessCodeResponseSchema,
  accessGptRequestSchema,
  accountSettingsSchema,
  defaultAccountSettings,
  updateAccountSettingsRequestSchema,
  type AccountSettings,
  accessGptResponseSchema,
  adminGrantRequestSchema,
  adminDisputeListResponseSchema,
  paymentReviewResponseSchema,
  type PaymentReviewItem,
  adminRefundRequestSchema,
  disputeEvidenceRequestSchema,
  disputeEvidenceResponseSchema,
  adminRefundResponseSchema,
  adminRevokeRequestSchema,
  ALL_PRODUCTS,
  apiErrorSchema,
  billingConfigResponseSchema,
  billingOverviewResponseSchema,
  changePlanRequestSchema,
  createPaymentIntentResponseSchema,
  createSubscriptionResponseSchema,
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createSubscriptionRequestSchema,
  dashboardResponseSchema,
  messageResponseSchema,
  passwordSchema,
  paymentMethodSetupResponseSchema,
  paymentMethodConfirmRequestSchema,
  paymentMethodConfirmResponseSchema,
  trialStartResponseSchema,
  userSchema,
  verifyGptAccessRequestSchema,
  type BillingOverviewResponse,
  type GrantSourceKindV2,
  type User,
  adminCustomerResponseSchema,
} from '@mia/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  unauthorized,
  validate,
} from '@mia/service-kit';
import { z } from 'zod';
import {
  chargeOutcome,
  checkCard,
  type CardDetails,
} from '../../../libs/stripe-sandbox/src/cards.js';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../services/identity/src/users/refusals.js';
import type { FakeIdentity } from './fake-identity';

/** The publishable key the fake's sandbox accepts, as the real sandbox's default. */
export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';

// Texts of services still being built (billing, access): the fake's own, checked by nothing
// but these tests. The statuses follow issues 8 and 9.
export const FAKE_TEXTS = {
  unknownProduct: 'Producto Inválido',
  planActionRequired:
    'Es el pago de un plan: indica si se cancela ya (cancel_now) o se mantiene (keep).',
  alreadyOwned: 'Ya tienes acceso de por vida a esta herramienta.',
  activeSubscription: 'Ya tienes una suscripción activa: cambia de plan en tu panel.',
  planPastDue: 'Actualiza tu tarjeta primero.',
  trialUsed: 'Ya usaste tu prueba gratuita.',
  emailNotVerified: 'Confirma tu correo electrónico para activar la prueba gratuita.',
  noAccess: 'No tienes acceso a esta herramienta. Cómprala para usarla.',
  needsProof: 'Inicia sesión o usa tu código MIA para comprobar el acceso.',
  granted: (email: string) => `Acceso concedido a ${email}`,
  unknownUser: 'No hay ninguna cuenta con ese correo.',
  notAdmin: 'Solo un administrador puede hacer esto.',
  paymentNotFound: 'No such payment',
  notSucceeded: 'The payment has not succeeded.',
} as const;

/** The fake answered something the contracts do not describe: a test-support bug. */
export class ContractBreach extends Error {
  override readonly name = 'ContractBreach';
}

export interface Answer {
  status: number;
  body: unknown;
}

export function answer<S extends z.ZodType>(status: number, schema: S, body: z.input<S>): Answer {
  const parsed = schema.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, body)) {
    throw new ContractBreach(
      `fake commerce answered ${status} ${JSON.stringify(body)}, which its contract does not describe`,
    );
  }
  return { status, body };
}

export const failure = (error: unknown): Answer =>
  error instanceof HttpError
    ? answer(error.status, apiErrorSchema, error.toBody())
    : answer(500, apiErrorSchema, { message: 'Internal server error' });

export const body = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> =>
  validate(schema, raw ?? {}, { subject: 'Request body' });

// Identity's password-change body (users/routes.ts), restated: importing that file would
// start identity's database client.
const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

interface Grant {
  grantId: string;
  scope: string;
  source: { kind: GrantSourceKindV2; ref: string; reason?: string };
  /** A team seat's church, as the dashboard names it (issue 25). */
  teamName?: string;
  validFrom: string;
  validUntil: string | null;
  status: 'active' | 'revoked';
}

interface Payment {
  id: string;
  intentId: string;
  createdAt: string;
  description: string;
  amountCents: number;
  status: 'succeeded' | 'failed' | 'refunded';
  grantId?: string;
  /** A plan's invoice: a full refund needs planAction (cancel_now or keep). */
  plan?: boolean;
  /** What a promotion code took off, as access's payment history reports it. */
  discount?: { cents: number; code: string | null };
}

/** An open dispute of a payment, for the admin's disputes panel. */
interface FakeDispute {
  disputeId: string;
  email: string;
  payment: Payment;
  inquiry: boolean;
  evidenceSubmittedAt: string | null;
}

interface Intent {
  id: string;
  clientSecret: string;
  kind: 'payment' | 'setup';
  email: string;
  status: 'requires_payment_method' | 'succeeded';
  amountCents: number;
  productId?: string;
  planType?: PlanType;
  card?: CardDetails;
  /** A payment prepared by another stand-in (a team's plan, a gift): what to do once confirmed. */
  onConfirmed?: () => void;
  description?: string;
  lastError?: { code: string; decline_code?: string; message: string };
}

interface Account {
  grants: Grant[];
  payments: Payment[];
  usage: Map<string, { queriesUsed: number; lastAccessed: string | null }>;
  plan: NonNullable<BillingOverviewResponse['plan']> | null;
  card: BillingOverviewResponse['card'];
  trialEndsAt: string | null;
  accessCode: string;
  settings: AccountSettings;
  timeline: { at: string; type: string; summary: string }[];
}

type Route = (req: IncomingMessage, body: unknown, url: URL) => Answer;

const DAY_MS = 24 * 60 * 60 * 1000;
const productPrice = (productId: string) => findProduct(productId)!.priceCents;

/**
 * A stand-in for billing's and access's browser API (issues 8 and 9) and for the Stripe
 * sandbox's confirm endpoints, so the commerce pages can be driven in the browser while those
 * services are being built. Every JSON answer of the browser API is checked against its
 * contract; the sandbox part answers in Stripe's shapes and follows the sandbox's own card
 * rules (libs/stripe-sandbox). Sessions are the fake identity's.
 */
export class FakeCommerce {
  readonly accounts = new Map<string, Account>();
  readonly intents = new Map<string, Intent>();
  /** Every form the browser posted to the sandbox, as posted. */
  readonly sandboxRequests: { path: string; form: URLSearchParams }[] = [];
  readonly contractBreaches: Error[] = [];
  /** Makes `POST /api/confirm-payment` fail as billing does when it cannot record the payment. */
  failConfirmPayment = false;
  /** Makes the checkout's preparation fail (billing unreachable). */
  failCheckoutSetup = false;
  /** Makes `GET /api/dashboard` fail as access does when its store is out of reach. */
  failDashboard = false;
  /** Makes `PUT /api/settings` fail as access does when its store is out of reach. */
  failSettings = false;
  /** While set, the trial's answer waits for it, so the page's waiting state can be looked at. */
  private trialGate: { promise: Promise<void>; open: () => void } | null = null;
  private counter = 0;

  constructor(private readonly identity: FakeIdentity) {}

  reset(): void {
    this.accounts.clear();
    this.intents.clear();
    this.sandboxRequests.length = 0;
    this.contractBreaches.length = 0;
    this.failConfirmPayment = false;
    this.failCheckoutSetup = false;
    this.failDashboard = false;
    this.failSettings = false;
    this.refunds.length = 0;
    this.evidenceSent.length = 0;
    this.disputes.length = 0;
    this.paymentsToReview.length = 0;
    // A test that ended while holding the trial lets its request go rather than leave it hanging.
    this.trialGate?.open();
    this.trialGate = null;
  }

  /**
   * Holds the next trial answers until the returned function is called (a test waits for the
   * page's waiting state, not for a fixed time, and then lets billing answer).
   */
  holdTrial(): () => void {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    const gate = { promise, open };
    this.trialGate = gate;
    return () => {
      if (this.trialGate === gate) this.trialGate = null;
      open();
    };
  }

  assertContractsKept(): void {
    const [breach] = this.contractBreaches;
    if (breach) throw breach;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${String(this.counter).padStart(4, '0')}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  }

  account(email: string): Account {
    let account = this.accounts.get(email);
    if (!account) {
      account = {
        grants: [],
        payments: [],
        usage: new Map(),
        plan: null,
        card: null,
        trialEndsAt: null,
        accessCode: `MIA-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`,
        settings: { ...defaultAccountSettings },
        timeline: [],
      };
      this.accounts.set(email, account);
    }
    return account;
  }

  private log(account: Account, type: string, summary: string): void {
    account.timeline.push({ at: new Date().toISOString(), type, summary });
  }

  /** Test setup: a tool bought earlier, with its payment. */
  givePurchase(email: string, productId: string, usage = 0): Payment {
    const account = this.account(email);
    const payment = this.recordPayment(account, {
      intentId: this.nextId('pi'),
      description: findProduct(productId)!.name,
      amountCents: productPrice(productId),
      status: 'succeeded',
    });
    payment.grantId = this.grant(account, productId, 'purchase', `purchase:${payment.id}`, null);
    if (usage > 0) {
      account.usage.set(productId, { queriesUsed: usage, lastAccessed: new Date().toISOString() });
    }
    return payment;
  }

  /**
   * A payment another stand-in prepared (issue 25's team plans and gifts): confirmed as any other,
   * it records the payment and runs `onConfirmed` instead of granting the payer anything.
   */
  openIntent(email: string, amountCents: number, description: string, onConfirmed: () => void) {
    return this.newIntent({ kind: 'payment', email, amountCents, description, onConfirmed });
  }

  /** A seat on a church's team (access's grant of kind `team`). */
  grantTeamSeat(email: string, teamId: string, teamName: string, until: string | null): void {
    const account = this.account(email);
    this.grant(account, ALL_PRODUCTS, 'team', `team:${teamId}`, until);
    account.grants.find((grant) => grant.grantId === `team:${teamId}`)!.teamName = teamName;
  }

  /** A claimed gift (access's grant of kind `gift`). */
  grantGift(email: string, scope: string, giftId: string, until: string | null): void {
    this.grant(this.account(email), scope, 'gift', `gift:${giftId}`, until);
  }

  /** The seat ends (removed, or left): its grant is revoked. */
  revokeGrant(email: string, grantId: string): void {
    for (const grant of this.account(email).grants) {
      if (grant.grantId === grantId) grant.status = 'revoked';
    }
  }

  /** Test setup: a failed or refunded payment in the history. */
  givePayment(email: string, description: string, cents: number, status: Payment['status']) {
    return this.recordPayment(this.account(email), {
      intentId: this.nextId('pi'),
      description,
      amountCents: cents,
      status,
    });
  }

  /** Test setup: an active plan paid with a saved card. */
  givePlan(email: string, planType: PlanType, last4 = '4242'): void {
    const account = this.account(email);
    this.activatePlan(account, planType, this.nextId('sub'));
    account.card = { brand: 'visa', last4, expMonth: 12, expYear: 2034 };
  }

  /** Test setup: the plan's renewal could not be charged (billing reports it past due). */
  planPastDue(email: string): void {
    const plan = this.account(email).plan;
    if (plan) plan.status = 'past_due';
  }

  /** Test setup: a plan's paid invoice, refundable with a plan action. */
  givePlanPayment(email: string, planType: PlanType): Payment {
    const account = this.account(email);
    const subscriptionId = this.nextId('sub');
    this.activatePlan(account, planType, subscriptionId);
    const payment = this.recordPayment(account, {
      intentId: this.nextId('pi'),
      description: planFor(planType).name,
      amountCents: planFor(planType).priceCents,
      status: 'succeeded',
      plan: true,
    });
    payment.grantId = `subscription:${subscriptionId}`;
    return payment;
  }

  /** Test setup: an open dispute (or inquiry) of a payment. */
  giveDispute(email: string, payment: Payment, inquiry = false): string {
    const disputeId = this.nextId('dp');
    this.disputes.push({ disputeId, email, payment, inquiry, evidenceSubmittedAt: null });
    return disputeId;
  }

  /** What staff refunded, with the plan action and amount they chose. */
  readonly refunds: { paymentId: string; planAction: string | null; amountCents: number | null }[] =
    [];
  /**
   * Test setup: a payment the provider reported paid for other money than its checkout asked
   * (billing lists it for staff and grants nothing).
   */
  givePaymentToReview(
    email: string,
    payment: Pick<PaymentReviewItem, 'description' | 'expectedCents' | 'paidCents'> &
      Partial<PaymentReviewItem>,
  ): PaymentReviewItem {
    const now = new Date().toISOString();
    const item: PaymentReviewItem = {
      paymentId: this.nextId('pay'),
      userId: this.identity.users.get(email)?.id ?? email,
      kind: 'product',
      productId: null,
      expectedCurrency: 'usd',
      paidCurrency: 'usd',
      provider: 'stripe',
      providerPaymentId: this.nextId('pi'),
      paidAt: now,
      detectedAt: now,
      ...payment,
    };
    // Billing lists the newest first.
    this.paymentsToReview.unshift(item);
    return item;
  }

  private readonly paymentsToReview: PaymentReviewItem[] = [];

  /** Evidence sent to the provider, once per dispute. */
  readonly evidenceSent: { disputeId: string; note: string | null }[] = [];
  private readonly disputes: FakeDispute[] = [];

  private disputeEvidence(req: IncomingMessage, disputeId: string, raw: unknown): Answer {
    this.admin(req);
    const { note, dryRun } = body(disputeEvidenceRequestSchema, raw);
    const dispute = this.disputes.find((d) => d.disputeId === disputeId);
    if (!dispute) throw notFound('Disputa no encontrada.');
    if (!dryRun && dispute.evidenceSubmittedAt) {
      throw conflict('La evidencia de esta disputa ya se envió.', 'evidence_already_submitted');
    }
    const usage = [...this.account(dispute.email).usage.values()];
    const uses = usage.reduce((sum, u) => sum + u.queriesUsed, 0);
    const evidence = {
      customer_email_address: dispute.email,
      product_description: `${dispute.payment.description}\nPaid ${centsToAmountString(dispute.payment.amountCents)} USD.`,
      service_date: dispute.payment.createdAt.slice(0, 10),
      access_activity_log: `${uses} recorded uses after the purchase (UTC time, tool, channel):`,
      refund_policy_disclosure:
        'Refund requests within 7 days of purchase, evaluated case by case.',
      ...(note ? { uncategorized_text: note } : {}),
    };
    if (!dryRun) {
      dispute.evidenceSubmittedAt = new Date().toISOString();
      this.evidenceSent.push({ disputeId, note: note ?? null });
    }
    return answer(200, disputeEvidenceResponseSchema, {
      disputeId,
      submitted: !dryRun,
      evidence,
      uses,
      status: dryRun ? 'needs_response' : 'under_review',
    });
  }

  usable(email: string, productId: string, at = new Date()): Grant | undefined {
    const open = this.account(email).grants.filter(
      (grant) =>
        grant.status === 'active' &&
        (grant.scope === productId || grant.scope === ALL_PRODUCTS) &&
        (grant.validUntil === null || Date.parse(grant.validUntil) > at.getTime()),
    );
    return open.find((grant) => grant.validUntil === null) ?? open[0];
  }

  private grant(
    account: Account,
    scope: string,
    kind: GrantSourceKindV2,
    grantId: string,
    validUntil: string | null,
    reason?: string,
  ): string {
    account.grants = account.grants.filter((grant) => grant.grantId !== grantId);
    account.grants.push({
      grantId,
      scope,
      source: { kind, ref: grantId, ...(reason ? { reason } : {}) },
      validFrom: new Date().toISOString(),
      validUntil,
      status: 'active',
    });
    this.log(account, 'AccessGranted', `${scope} (${kind})`);
    return grantId;
  }

  private recordPayment(account: Account, payment: Omit<Payment, 'id' | 'createdAt'>): Payment {
    const stored: Payment = { ...payment, id: randomUUID(), createdAt: new Date().toISOString() };
    account.payments.push(stored);
    this.log(
      account,
      stored.status === 'failed' ? 'PaymentFailed' : 'PaymentSucceeded',
      stored.description,
    );
    return stored;
  }

  private activatePlan(account: Account, planType: PlanType, subscriptionId: string): void {
    const plan = planFor(planType);
    const periodEnd = new Date(
      Date.now() + (planType === 'monthly' ? 30 : 365) * DAY_MS,
    ).toISOString();
    account.plan = {
      planType,
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      priceCents: plan.priceCents,
      currency: 'usd',
    };
    this.grant(account, ALL_PRODUCTS, 'subscription', `subscription:${subscriptionId}`, periodEnd);
  }

  private user(req: IncomingMessage): User {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const email = sid ? this.identity.sessions.get(sid) : undefined;
    const user = email ? this.identity.users.get(email) : undefined;
    if (!user) throw unauthorized();
    return user;
  }

  private admin(req: IncomingMessage): User {
    const user = this.user(req);
    if (user.role !== 'admin') throw forbidden(FAKE_TEXTS.notAdmin, 'forbidden');
    return user;
  }

  private newIntent(intent: Omit<Intent, 'id' | 'clientSecret' | 'status'>): Intent {
    const id = this.nextId(intent.kind === 'setup' ? 'seti' : 'pi');
    const stored: Intent = {
      ...intent,
      id,
      clientSecret: `${id}_secret_${randomUUID().replaceAll('-', '')}`,
      status: 'requires_payment_method',
    };
    this.intents.set(id, stored);
    return stored;
  }

  private overview(email: string): BillingOverviewResponse {
    const account = this.account(email);
    return {
      plan: account.plan,
      trialEndsAt: account.trialEndsAt,
      card: account.card,
      invoices: account.payments.map((payment) => ({
        id: payment.id,
        createdAt: payment.createdAt,
        description: payment.description,
        amount: centsToAmountString(payment.amountCents),
        status: payment.status,
        receiptUrl:
          payment.status === 'succeeded' ? `https://receipts.example.test/${payment.id}` : null,
      })),
    };
  }

  private readonly routes: Record<string, Route> = {
    'GET /api/billing/config': () =>
      answer(200, billingConfigResponseSchema, {
        sandbox: true,
        publishableKey: SANDBOX_PUBLISHABLE_KEY,
        // As billing answers in sandbox mode: the payments are make-believe.
        testMode: true,
      }),

    'POST /api/create-payment-intent': (req, raw) => {
      const user = this.user(req);
      if (this.failCheckoutSetup) throw new HttpError(503, 'Billing is unavailable', 'unavailable');
      const { productId } = body(createPaymentIntentRequestSchema, raw);
      if (!isProductId(productId)) throw badRequest(FAKE_TEXTS.unknownProduct, 'unknown_product');
      const owned = this.usable(user.email, productId);
      if (owned && owned.validUntil === null && owned.source.kind === 'purchase') {
        throw conflict(FAKE_TEXTS.alreadyOwned, 'already_owned');
      }
      const intent = this.newIntent({
        kind: 'payment',
        email: user.email,
        amountCents: productPrice(productId),
        productId,
      });
      return answer(200, createPaymentIntentResponseSchema, {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amountCents: productPrice(productId),
        discountCents: 0,
      });
    },

    'POST /api/subscriptions': (req, raw) => {
      const user = this.user(req);
      if (this.failCheckoutSetup) throw new HttpError(503, 'Billing is unavailable', 'unavailable');
      const { priceId, planType } = body(createSubscriptionRequestSchema, raw);
      const plan = planFor(planType);
      // As billing: the plan's id (what the page sends) or the spec's placeholder price id.
      if (priceId !== plan.id && priceId !== plan.priceId) {
        throw badRequest('Unknown price', 'unknown_price');
      }
      if (this.account(user.email).plan?.status === 'active') {
        throw conflict(FAKE_TEXTS.activeSubscription, 'active_subscription');
      }
      const intent = this.newIntent({
        kind: 'payment',
        email: user.email,
        amountCents: plan.priceCents,
        planType,
      });
      return answer(200, createSubscriptionResponseSchema, {
        clientSecret: intent.clientSecret,
        amountCents: plan.priceCents,
        discountCents: 0,
      });
    },

    'POST /api/confirm-payment': (req, raw) => {
      const user = this.user(req);
      const { paymentIntentId } = body(confirmPaymentRequestSchema, raw);
      const intent = this.intents.get(paymentIntentId);
      if (!intent || intent.email !== user.email) throw notFound(FAKE_TEXTS.paymentNotFound);
      if (this.failConfirmPayment) throw new Error('ledger unavailable');
      if (intent.status !== 'succeeded') {
        throw new HttpError(
          402,
          intent.lastError?.message ?? FAKE_TEXTS.notSucceeded,
          'payment_failed',
        );
      }
      const account = this.account(user.email);
      let payment = account.payments.find((p) => p.intentId === intent.id);
      // A declined attempt left a failed payment for this intent; the retry's success is it.
      if (payment?.status === 'failed') {
        account.payments = account.payments.filter((p) => p !== payment);
        payment = undefined;
      }
      if (!payment && intent.onConfirmed) {
        payment = this.recordPayment(account, {
          intentId: intent.id,
          description: intent.description ?? '',
          amountCents: intent.amountCents,
          status: 'succeeded',
        });
        intent.onConfirmed();
      }
      if (!payment) {
        payment = this.recordPayment(account, {
          intentId: intent.id,
          description: intent.productId
            ? findProduct(intent.productId)!.name
            : planFor(intent.planType!).name,
          amountCents: intent.amountCents,
          status: 'succeeded',
        });
        if (intent.productId) {
          payment.grantId = this.grant(
            account,
            intent.productId,
            'purchase',
            `purchase:${payment.id}`,
            null,
          );
        } else {
          this.activatePlan(account, intent.planType!, intent.id);
          const card = intent.card!;
          account.card = {
            brand: card.brand,
            last4: card.last4,
            expMonth: card.exp_month,
            expYear: card.exp_year,
          };
        }
      }
      return answer(200, confirmPaymentResponseSchema, {
        status: 'succeeded',
        paymentId: payment.id,
      });
    },

    'POST /api/trial/start': (req) => {
      const user = this.user(req);
      const account = this.account(user.email);
      if (account.trialEndsAt) throw conflict(FAKE_TEXTS.trialUsed, 'trial_used');
      // As billing: a trial needs the address verified (identity's UserEmailVerified).
      if (!user.emailVerified) throw forbidden(FAKE_TEXTS.emailNotVerified, 'email_not_verified');
      account.trialEndsAt = new Date(Date.now() + trial.days * DAY_MS).toISOString();
      this.grant(account, ALL_PRODUCTS, 'trial', `trial:${user.id}`, account.trialEndsAt);
      return answer(201, trialStartResponseSchema, { trialEndsAt: account.trialEndsAt });
    },

    'GET /api/billing': (req) =>
      answer(200, billingOverviewResponseSchema, this.overview(this.user(req).email)),

    'POST /api/billing/subscription/cancel': (req) => {
      const user = this.user(req);
      const plan = this.account(user.email).plan;
      if (!plan) throw notFound('No subscription');
      plan.cancelAtPeriodEnd = true;
      return answer(200, billingOverviewResponseSchema, this.overview(user.email));
    },

    'POST /api/billing/subscription/resume': (req) => {
      const user = this.user(req);
      const plan = this.account(user.email).plan;
      if (!plan) throw notFound('No subscription');
      plan.cancelAtPeriodEnd = false;
      return answer(200, billingOverviewResponseSchema, this.overview(user.email));
    },

    'POST /api/billing/subscription/change-plan': (req, raw) => {
      const user = this.user(req);
      const { planType } = body(changePlanRequestSchema, raw);
      const plan = this.account(user.email).plan;
      if (!plan) throw notFound('No subscription');
      if (plan.status === 'past_due') throw conflict(FAKE_TEXTS.planPastDue, 'plan_past_due');
      plan.planType = planType;
      plan.priceCents = planFor(planType).priceCents;
      return answer(200, billingOverviewResponseSchema, this.overview(user.email));
    },

    'POST /api/billing/payment-method': (req) => {
      const user = this.user(req);
      const intent = this.newIntent({ kind: 'setup', email: user.email, amountCents: 0 });
      return answer(200, paymentMethodSetupResponseSchema, {
        clientSecret: intent.clientSecret,
        setupIntentId: intent.id,
      });
    },

    // The saved card becomes the default; a past-due plan's open invoice is paid with it.
    'POST /api/billing/payment-method/confirm': (req, raw) => {
      const user = this.user(req);
      body(paymentMethodConfirmRequestSchema, raw);
      const plan = this.account(user.email).plan;
      if (plan?.status === 'past_due') plan.status = 'active';
      return answer(200, paymentMethodConfirmResponseSchema, { plan: plan ?? null });
    },

    'GET /api/dashboard': (req) => {
      const user = this.user(req);
      if (this.failDashboard) throw new Error('projection store unavailable');
      const account = this.account(user.email);
      const owned = products.filter((product) => this.usable(user.email, product.id));
      return answer(200, dashboardResponseSchema, {
        user: { name: user.name },
        availableProducts: products.map((product) => {
          const grant = this.usable(user.email, product.id);
          return {
            id: product.id,
            name: product.name,
            description: product.description,
            price: product.priceCents / 100,
            purchased: Boolean(grant),
            ...(grant
              ? {
                  access: {
                    source: grant.source.kind,
                    ...(grant.teamName ? { teamName: grant.teamName } : {}),
                    until: grant.validUntil,
                  },
                }
              : {}),
          };
        }),
        purchasedGpts: owned.map((product) => ({
          modelId: product.id,
          queriesUsed: account.usage.get(product.id)?.queriesUsed ?? 0,
          lastAccessed: account.usage.get(product.id)?.lastAccessed ?? null,
        })),
        payments: account.payments.map((payment) => ({
          id: payment.id,
          createdAt: payment.createdAt,
          description: payment.description,
          amount: centsToAmountString(payment.amountCents),
          status: payment.status,
          ...(payment.discount
            ? { discountCents: payment.discount.cents, promotionCode: payment.discount.code }
            : {}),
        })),
      });
    },

    'POST /api/access-gpt': (req, raw) => {
      const user = this.user(req);
      const { productId } = body(accessGptRequestSchema, raw);
      if (!isProductId(productId)) throw badRequest(FAKE_TEXTS.unknownProduct, 'unknown_product');
      if (!this.usable(user.email, productId)) throw forbidden(FAKE_TEXTS.noAccess, 'no_access');
      const account = this.account(user.email);
      const usage = account.usage.get(productId) ?? { queriesUsed: 0, lastAccessed: null };
      usage.queriesUsed += 1;
      usage.lastAccessed = new Date().toISOString();
      account.usage.set(productId, usage);
      this.log(account, 'GptOpened', productId);
      const total = [...account.usage.values()].reduce((sum, u) => sum + u.queriesUsed, 0);
      return answer(200, accessGptResponseSchema, {
        gptUrl: `http://${req.headers.host}/stand-in-gpt/${productId}`,
        productName: findProduct(productId)!.name,
        totalUsage: total,
      });
    },

    'GET /api/access-code': (req) =>
      answer(200, accessCodeResponseSchema, {
        accessCode: this.account(this.user(req).email).accessCode,
      }),

    'POST /api/access-code/rotate': (req) => {
      const account = this.account(this.user(req).email);
      account.accessCode = `MIA-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`;
      return answer(200, accessCodeResponseSchema, { accessCode: account.accessCode });
    },

    'GET /api/settings': (req) =>
      answer(200, accountSettingsSchema, this.account(this.user(req).email).settings),

    'PUT /api/settings': (req, raw) => {
      const account = this.account(this.user(req).email);
      const next = body(updateAccountSettingsRequestSchema, raw);
      if (this.failSettings) throw new Error('event store unavailable');
      account.settings = next;
      return answer(200, accountSettingsSchema, account.settings);
    },

    'POST /api/verify-gpt-access': (req, raw) => {
      const input = body(verifyGptAccessRequestSchema, raw);
      let viewer: User | undefined;
      try {
        viewer = this.user(req);
      } catch {
        viewer = undefined;
      }
      const owner = this.identity.users.get(input.email);
      const proven =
        owner &&
        (viewer?.email === owner.email ||
          viewer?.role === 'admin' ||
          (input.accessCode !== undefined &&
            input.accessCode === this.account(owner.email).accessCode));
      if (!proven) throw unauthorized(FAKE_TEXTS.needsProof, 'proof_required');
      if (!this.usable(owner.email, input.productId))
        throw forbidden(FAKE_TEXTS.noAccess, 'no_access');
      return answer(200, messageResponseSchema, { message: 'ok' });
    },

    'POST /api/admin/grant-access': (req, raw) => {
      this.admin(req);
      const input = body(adminGrantRequestSchema, raw);
      if (input.productId !== ALL_PRODUCTS && !isProductId(input.productId)) {
        throw badRequest(FAKE_TEXTS.unknownProduct, 'unknown_product');
      }
      if (!this.identity.users.has(input.email))
        throw notFound(FAKE_TEXTS.unknownUser, 'unknown_user');
      const account = this.account(input.email);
      this.grant(
        account,
        input.productId,
        'admin',
        `admin:${randomUUID()}`,
        input.until ?? null,
        input.reason,
      );
      return answer(200, messageResponseSchema, { message: FAKE_TEXTS.granted(input.email) });
    },

    'POST /api/admin/revoke-access': (req, raw) => {
      this.admin(req);
      const input = body(adminRevokeRequestSchema, raw);
      if (!this.identity.users.has(input.email))
        throw notFound(FAKE_TEXTS.unknownUser, 'unknown_user');
      const account = this.account(input.email);
      for (const grant of account.grants) {
        if (grant.scope === input.productId && grant.status === 'active') grant.status = 'revoked';
      }
      this.log(account, 'AccessRevoked', input.productId);
      return answer(200, messageResponseSchema, { message: 'Acceso revocado' });
    },

    'GET /api/admin/customers': (req, _raw, url) => {
      this.admin(req);
      const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
      const user = this.identity.users.get(email);
      if (!user) throw notFound(FAKE_TEXTS.unknownUser, 'unknown_user');
      const account = this.account(email);
      return answer(200, adminCustomerResponseSchema, {
        customer: {
          userId: user.id,
          email: user.email,
          name: user.name,
          role: 'user',
          registeredAt: new Date(0).toISOString(),
        },
        products: products.map((product) => {
          const grant = account.grants.find(
            (g) => g.status === 'active' && (g.scope === product.id || g.scope === 'all'),
          );
          return {
            id: product.id,
            name: product.name,
            usable: grant !== undefined,
            reason: grant ? 'granted' : 'no_access',
            grantId: grant?.grantId ?? null,
          };
        }),
        grants: account.grants.map((grant) => ({
          ...grant,
          source: { ...grant.source },
          validFrom: grant.validFrom ?? new Date(0).toISOString(),
          validUntil: grant.validUntil ?? null,
        })),
        payments: account.payments.map((payment) => ({
          id: payment.id,
          createdAt: payment.createdAt,
          description: payment.description,
          amount: centsToAmountString(payment.amountCents),
          status: payment.status,
        })),
        usage: [...account.usage].map(([productId, usage]) => ({ productId, ...usage })),
        timeline: account.timeline.map((entry, index) => ({
          ...entry,
          id: String(index + 1),
          kind: entry.type,
        })),
      });
    },

    'GET /api/admin/disputes': (req) => {
      this.admin(req);
      return answer(200, adminDisputeListResponseSchema, {
        disputes: this.disputes.map((d) => ({
          disputeId: d.disputeId,
          paymentId: d.payment.id,
          userId: this.identity.users.get(d.email)?.id ?? d.email,
          customerEmail: d.email,
          description: d.payment.description,
          reason: d.inquiry ? 'general' : 'fraudulent',
          amountCents: d.payment.amountCents,
          currency: 'usd',
          evidenceDueBy: new Date(Date.now() + 7 * DAY_MS).toISOString(),
          status: d.evidenceSubmittedAt ? 'under_review' : 'needs_response',
          inquiry: d.inquiry,
          evidenceSubmittedAt: d.evidenceSubmittedAt,
        })),
      });
    },

    'GET /api/admin/payments/review': (req) => {
      this.admin(req);
      return answer(200, paymentReviewResponseSchema, { payments: this.paymentsToReview });
    },

    'POST /api/admin/refunds': (req, raw) => {
      this.admin(req);
      const { paymentId, planAction, amountCents } = body(adminRefundRequestSchema, raw);
      for (const account of this.accounts.values()) {
        const payment = account.payments.find((p) => p.id === paymentId);
        if (!payment) continue;
        if (payment.status !== 'succeeded')
          throw conflict('Only a succeeded payment can be refunded');
        const partial = amountCents !== undefined && amountCents < payment.amountCents;
        if (payment.plan && !partial && !planAction) {
          throw badRequest(FAKE_TEXTS.planActionRequired, 'plan_action_required');
        }
        this.refunds.push({
          paymentId,
          planAction: planAction ?? null,
          amountCents: amountCents ?? null,
        });
        if (partial) {
          return answer(200, adminRefundResponseSchema, {
            paymentId,
            status: 'refunded',
            amountCents,
            refundedAt: new Date().toISOString(),
            withinPolicy: true,
            policy: 'Refunds within 7 days, case by case.',
            full: false,
          });
        }
        payment.status = 'refunded';
        const ends = !payment.plan || planAction === 'cancel_now';
        for (const grant of account.grants) {
          if (ends && grant.grantId === payment.grantId) grant.status = 'revoked';
        }
        this.log(account, 'PaymentRefunded', payment.description);
        return answer(200, adminRefundResponseSchema, {
          paymentId,
          status: 'refunded',
          amountCents: payment.amountCents,
          refundedAt: new Date().toISOString(),
          withinPolicy: true,
          policy: 'Refunds within 7 days, case by case.',
        });
      }
      throw notFound(FAKE_TEXTS.paymentNotFound);
    },

    'POST /api/change-password': (req, raw) => {
      const user = this.user(req) as User & { password: string };
      const input = body(changePasswordRequestSchema, raw);
      if (input.currentPassword !== user.password) {
        throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, 'wrong_password');
      }
      user.password = input.newPassword;
      const { id, name, username, email, role, emailVerified, twoFactorEnabled } = user;
      return answer(200, userSchema, {
        id,
        name,
        username,
        email,
        role,
        emailVerified,
        twoFactorEnabled,
      });
    },
  };

  readonly handler = async (
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
  ): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const evidence = /^\/api\/admin\/disputes\/([^/]+)\/evidence$/.exec(url.pathname);
    const route =
      this.routes[`${req.method} ${url.pathname}`] ??
      (req.method === 'POST' && evidence
        ? (r: IncomingMessage, json: unknown) =>
            this.disputeEvidence(r, decodeURIComponent(evidence[1]!), json)
        : undefined);
    if (!route) return false;
    if (url.pathname === '/api/trial/start' && this.trialGate) await this.trialGate.promise;
    let result: Answer;
    try {
      result = route(req, raw ? JSON.parse(raw) : {}, url);
    } catch (error) {
      if (error instanceof ContractBreach) {
        this.contractBreaches.push(error);
        throw error;
      }
      result = failure(error);
    }
    res.writeHead(result.status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(result.body));
    return true;
  };

  /**
   * `POST /sandbox/stripe/v1/{payment_intents|setup_intents}/{id}/confirm`, answered as the
   * sandbox does: the publishable key and the object's client secret are required, the card
   * follows Stripe's test cards, a decline is a 402 card_error carrying the intent.
   */
  sandbox(path: string, raw: string): Answer {
    const form = new URLSearchParams(raw);
    this.sandboxRequests.push({ path, form });
    const match = /^\/sandbox\/stripe\/v1\/(payment_intents|setup_intents)\/([^/]+)\/confirm$/.exec(
      path,
    );
    const stripeError = (status: number, error: Record<string, unknown>): Answer => ({
      status,
      body: { error: { type: 'invalid_request_error', ...error } },
    });
    if (!match) return stripeError(404, { message: `Unrecognized request URL (POST: ${path}).` });
    if (form.get('key') !== SANDBOX_PUBLISHABLE_KEY) {
      return stripeError(401, { message: 'Invalid API Key provided' });
    }
    const intent = this.intents.get(decodeURIComponent(match[2]!));
    const kind = match[1] === 'setup_intents' ? 'setup' : 'payment';
    if (!intent || intent.kind !== kind) {
      return stripeError(404, {
        code: 'resource_missing',
        message: `No such intent: '${match[2]}'`,
      });
    }
    if (form.get('client_secret') !== intent.clientSecret) {
      return stripeError(400, {
        message: 'The client_secret provided does not match any associated object.',
        param: 'client_secret',
      });
    }
    if (form.get('payment_method_data[type]') !== 'card') {
      return stripeError(400, { message: 'The sandbox accepts only card payment methods.' });
    }
    const checked = checkCard(
      {
        number: form.get('payment_method_data[card][number]') ?? undefined,
        exp_month: form.get('payment_method_data[card][exp_month]') ?? undefined,
        exp_year: form.get('payment_method_data[card][exp_year]') ?? undefined,
        cvc: form.get('payment_method_data[card][cvc]') ?? undefined,
      },
      Math.floor(Date.now() / 1000),
      'payment_method_data[card]',
    );
    const outcome = checked.ok
      ? chargeOutcome(checked.card, Math.floor(Date.now() / 1000))
      : checked;
    const view = () => ({
      id: intent.id,
      object: kind === 'setup' ? 'setup_intent' : 'payment_intent',
      status: intent.status,
      client_secret: intent.clientSecret,
      ...(kind === 'payment'
        ? {
            amount: intent.amountCents,
            currency: 'usd',
            last_payment_error: intent.lastError ?? null,
          }
        : { last_setup_error: intent.lastError ?? null }),
    });
    if (!outcome.ok) {
      const { code, decline_code, message } = outcome.failure;
      intent.lastError = { code, ...(decline_code ? { decline_code } : {}), message };
      if (kind === 'payment') {
        const account = this.account(intent.email);
        if (!account.payments.some((p) => p.intentId === intent.id)) {
          this.recordPayment(account, {
            intentId: intent.id,
            description:
              intent.description ??
              (intent.productId
                ? findProduct(intent.productId)!.name
                : planFor(intent.planType!).name),
            amountCents: intent.amountCents,
            status: 'failed',
          });
        }
      }
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code,
            ...(decline_code ? { decline_code } : {}),
            message,
            [kind === 'setup' ? 'setup_intent' : 'payment_intent']: view(),
          },
        },
      };
    }
    intent.status = 'succeeded';
    intent.card = (checked as { ok: true; card: CardDetails }).card;
    delete intent.lastError;
    if (kind === 'setup') {
      const card = intent.card;
      this.account(intent.email).card = {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    }
    return { status: 200, body: view() };
  }
}
