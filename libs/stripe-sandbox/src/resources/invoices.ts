import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing, unexpectedState } from '../errors.js';
import { paymentIntentOf, payInvoice, subscriptionOf } from '../domain/invoices.js';
import { findPaymentMethod } from '../domain/payment-methods.js';
import { paymentDeclined } from '../domain/payments.js';
import { collectionPaymentMethod } from '../domain/subscription-status.js';
import { paginate } from '../list.js';
import { objParam, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

function getInvoice(core: Core, id: string): Stripe.Invoice {
  const invoice = core.state.invoices.get(id);
  if (!invoice) throw resourceMissing('invoice', id);
  return invoice;
}

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handle: ({ core, path, expand }) => render(core.state, getInvoice(core, path.id!), expand),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      const subscription = strParam(params, 'subscription');
      const status = strParam(params, 'status');
      const items = newestFirst(
        core.state.invoices,
        (invoice) =>
          (!customer || invoice.customer === customer) &&
          (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
          (!status || invoice.status === status),
      );
      return render(core.state, paginate(items, params, '/v1/invoices'), expand);
    },
  },
  {
    // Pays an open invoice now, with the given card or the subscription's default (a retry).
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    handle({ core, path, params, expand }) {
      const invoice = getInvoice(core, path.id!);
      if (invoice.status === 'paid') {
        throw unexpectedState('Invoice is already paid', 'invoice_already_paid');
      }
      if (invoice.status !== 'open') {
        throw unexpectedState(
          `You cannot pay an invoice with status ${invoice.status}.`,
          'invoice_not_open',
        );
      }
      const given = strParam(params, 'payment_method');
      const sub = subscriptionOf(core, invoice);
      const pmId = given ?? (sub ? collectionPaymentMethod(core, sub) : null);
      if (!pmId) {
        throw invalidRequest(
          'This customer has no attached payment source or default payment method.',
        );
      }
      const paymentMethod = findPaymentMethod(core, pmId, 'payment_method');
      const result = payInvoice(core, invoice, paymentMethod, 'on_session');
      const pi = paymentIntentOf(core, invoice);
      if (!result.ok && pi) throw paymentDeclined(core, pi, result.failure, result.charge);
      return render(core.state, invoice, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments/:id',
    handle({ core, path, expand }) {
      const payment = core.state.invoicePayments.get(path.id!);
      if (!payment) throw resourceMissing('invoice_payment', path.id!);
      return render(core.state, payment, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoice_payments',
    handle({ core, params, expand }) {
      const invoice = strParam(params, 'invoice');
      const payment = objParam(params, 'payment');
      const pi =
        payment && typeof payment.payment_intent === 'string' ? payment.payment_intent : undefined;
      const status = strParam(params, 'status');
      const items = newestFirst(
        core.state.invoicePayments,
        (p) =>
          (!invoice || p.invoice === invoice) &&
          (!pi || p.payment.payment_intent === pi) &&
          (!status || p.status === status),
      );
      return render(core.state, paginate(items, params, '/v1/invoice_payments'), expand);
    },
  },
];
