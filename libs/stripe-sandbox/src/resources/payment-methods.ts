import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { cardError, invalidRequest, resourceMissing } from '../errors.js';
import {
  attachPaymentMethod,
  customerId,
  findPaymentMethod,
  paymentMethodFromCardParams,
} from '../domain/payment-methods.js';
import { paginate } from '../list.js';
import { mergeMetadata, requireStr, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';
import { getCustomer } from './customers.js';

function getPaymentMethod(core: Core, id: string): Stripe.PaymentMethod {
  const pm = core.state.paymentMethods.get(id);
  if (!pm) throw resourceMissing('payment_method', id);
  return pm;
}

export const paymentMethodRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    handle({ core, params, expand }) {
      const type = requireStr(params, 'type');
      if (type !== 'card')
        throw invalidRequest('The sandbox accepts only card payment methods.', 'type');
      const made = paymentMethodFromCardParams(core, params);
      if (!made.ok) throw cardError(made.failure, {});
      made.paymentMethod.metadata = mergeMetadata({}, params);
      return render(core.state, made.paymentMethod, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handle: ({ core, path, expand }) =>
      render(core.state, getPaymentMethod(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handle({ core, path, params, expand }) {
      const customer = getCustomer(core, requireStr(params, 'customer'), 'customer');
      const pm = findPaymentMethod(core, path.id!, 'payment_method');
      const attached = attachPaymentMethod(core, pm, customer.id);
      if (!attached.ok)
        throw cardError(attached.failure, { payment_method: render(core.state, pm) });
      return render(core.state, pm, expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handle({ core, path, expand }) {
      const pm = getPaymentMethod(core, path.id!);
      const owner = customerId(pm.customer);
      if (owner === null) {
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      }
      pm.customer = null;
      const customer = core.state.customers.get(owner);
      if (customer && customer.invoice_settings.default_payment_method === pm.id) {
        customer.invoice_settings.default_payment_method = null;
      }
      return render(core.state, pm, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      const items = newestFirst(
        core.state.paymentMethods,
        (pm) => customer === undefined || customerId(pm.customer) === customer,
      );
      return render(core.state, paginate(items, params, '/v1/payment_methods'), expand);
    },
  },
];
