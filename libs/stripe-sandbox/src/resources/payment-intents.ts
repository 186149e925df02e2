import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, missingParam, resourceMissing, unexpectedState } from '../errors.js';
import { payInvoice } from '../domain/invoices.js';
import { customerId, paymentMethodFromParams } from '../domain/payment-methods.js';
import { chargePaymentIntent, paymentDeclined, recordPaymentFailure } from '../domain/payments.js';
import type { FormObject } from '../form.js';
import { paginate } from '../list.js';
import { paymentIntentObject } from '../objects/payment-intent.js';
import {
  boolParam,
  enumParam,
  intParam,
  mergeMetadata,
  objParam,
  requireStr,
  strArrayParam,
  strParam,
} from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';
import { getCustomer } from './customers.js';

const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;
const SETUP_USAGE = ['on_session', 'off_session'] as const;

export function getPaymentIntent(core: Core, id: string): Stripe.PaymentIntent {
  const pi = core.state.paymentIntents.get(id);
  if (!pi) throw resourceMissing('payment_intent', id);
  return pi;
}

function amount(params: FormObject, required: boolean): number | undefined {
  const value = intParam(params, 'amount');
  if (value === undefined) {
    if (required) throw missingParam('amount');
    return undefined;
  }
  if (value < MIN_AMOUNT) {
    throw invalidRequest('Amount must be at least 50 cents.', 'amount', 'amount_too_small');
  }
  if (value > MAX_AMOUNT) {
    throw invalidRequest('Amount must be no more than 999,999.99.', 'amount', 'amount_too_large');
  }
  return value;
}

/**
 * Confirms a PaymentIntent with the card it names (an id, or card data from the browser): the
 * charge, and for an invoice's PaymentIntent the invoice and its subscription. A decline answers
 * 402 with the PaymentIntent in the error, as Stripe does.
 */
export function confirmPaymentIntent(
  core: Core,
  pi: Stripe.PaymentIntent,
  params: FormObject,
): Stripe.PaymentIntent {
  if (pi.status === 'succeeded') {
    throw unexpectedState(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      'payment_intent_unexpected_state',
    );
  }
  if (pi.status === 'canceled') {
    throw unexpectedState(
      'You cannot confirm this PaymentIntent because it has a status of canceled.',
      'payment_intent_unexpected_state',
    );
  }
  const invoiceId = core.state.invoiceOfPaymentIntent.get(pi.id);
  const invoice = invoiceId ? core.state.invoices.get(invoiceId) : undefined;
  if (invoice && invoice.status !== 'open') {
    throw unexpectedState(
      `This PaymentIntent pays invoice ${invoice.id}, which is ${invoice.status}.`,
      'invoice_not_open',
    );
  }
  const usage = enumParam(params, 'setup_future_usage', SETUP_USAGE);
  if (usage) pi.setup_future_usage = usage;

  const fromParams = paymentMethodFromParams(core, params);
  const chosen =
    fromParams ??
    (typeof pi.payment_method === 'string'
      ? { ok: true as const, paymentMethod: core.state.paymentMethods.get(pi.payment_method)! }
      : null);
  if (!chosen) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. Update it with a payment_method or confirm it with payment_method_data.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  if (!chosen.ok) {
    recordPaymentFailure(core, pi, chosen.failure, null, null);
    throw paymentDeclined(core, pi, chosen.failure, null);
  }
  const paymentMethod = chosen.paymentMethod;
  const owner = customerId(paymentMethod.customer);
  if (owner !== null && owner !== customerId(pi.customer)) {
    throw invalidRequest(
      'The provided PaymentMethod belongs to a different Customer than the PaymentIntent.',
      'payment_method',
    );
  }
  const result = invoice
    ? payInvoice(core, invoice, paymentMethod, 'on_session')
    : chargePaymentIntent(core, pi, paymentMethod);
  if (!result.ok) throw paymentDeclined(core, pi, result.failure, result.charge);
  return pi;
}

const clientSecret = (core: Core, path: Record<string, string>) =>
  core.state.paymentIntents.get(path.id!)?.client_secret;

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      if (customer) getCustomer(core, customer, 'customer');
      const currency = requireStr(params, 'currency').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency))
        throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
      const automatic = objParam(params, 'automatic_payment_methods');
      const types = strArrayParam(params, 'payment_method_types');
      const pi = paymentIntentObject({
        created: core.clock.now(),
        amount: amount(params, true)!,
        currency,
        customer: customer || null,
        description: strParam(params, 'description') || null,
        metadata: mergeMetadata({}, params),
        receipt_email: strParam(params, 'receipt_email') || null,
        setup_future_usage: enumParam(params, 'setup_future_usage', SETUP_USAGE) ?? null,
        automatic_payment_methods: automatic ? automatic.enabled === 'true' : !types,
        payment_method_types: types ?? ['card'],
      });
      core.state.paymentIntents.set(pi.id, pi);
      const pm = strParam(params, 'payment_method');
      if (boolParam(params, 'confirm'))
        return render(core.state, confirmPaymentIntent(core, pi, params), expand);
      if (pm) {
        pi.payment_method = pm;
        pi.status = 'requires_confirmation';
      }
      return render(core.state, pi, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    clientSecret,
    handle: ({ core, path, expand }) =>
      render(core.state, getPaymentIntent(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id',
    handle({ core, path, params, expand }) {
      const pi = getPaymentIntent(core, path.id!);
      pi.metadata = mergeMetadata(pi.metadata, params);
      const description = strParam(params, 'description');
      if (description !== undefined) pi.description = description || null;
      const changesPayment = ['amount', 'currency', 'customer', 'payment_method'].some(
        (k) => k in params,
      );
      if (changesPayment) {
        if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
          throw unexpectedState(
            `This PaymentIntent's amount could not be updated because it has a status of ${pi.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        pi.amount = amount(params, false) ?? pi.amount;
        const currency = strParam(params, 'currency');
        if (currency) pi.currency = currency.toLowerCase();
        const customer = strParam(params, 'customer');
        if (customer) pi.customer = getCustomer(core, customer, 'customer').id;
        const pm = strParam(params, 'payment_method');
        if (pm) {
          pi.payment_method = pm;
          pi.status = 'requires_confirmation';
        }
      }
      const usage = enumParam(params, 'setup_future_usage', SETUP_USAGE);
      if (usage) pi.setup_future_usage = usage;
      return render(core.state, pi, expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    clientSecret,
    handle({ core, path, params, expand }) {
      const pi = getPaymentIntent(core, path.id!);
      return render(core.state, confirmPaymentIntent(core, pi, params), expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    handle({ core, path, params, expand }) {
      const pi = getPaymentIntent(core, path.id!);
      if (core.state.invoiceOfPaymentIntent.has(pi.id)) {
        throw unexpectedState(
          'You cannot cancel this PaymentIntent because it was created by an invoice.',
          'payment_intent_unexpected_state',
        );
      }
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw unexpectedState(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'canceled';
      pi.canceled_at = core.clock.now();
      pi.cancellation_reason =
        enumParam(params, 'cancellation_reason', [
          'abandoned',
          'duplicate',
          'fraudulent',
          'requested_by_customer',
        ] as const) ?? null;
      core.emit('payment_intent.canceled', pi);
      return render(core.state, pi, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      const items = newestFirst(
        core.state.paymentIntents,
        (pi) => !customer || pi.customer === customer,
      );
      return render(core.state, paginate(items, params, '/v1/payment_intents'), expand);
    },
  },
];
