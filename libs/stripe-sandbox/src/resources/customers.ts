import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing } from '../errors.js';
import { customerId, findPaymentMethod } from '../domain/payment-methods.js';
import type { FormObject } from '../form.js';
import { paginate } from '../list.js';
import { customerObject } from '../objects/customer.js';
import { intParam, mergeMetadata, objParam, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

export function getCustomer(core: Core, id: string, param?: string): Stripe.Customer {
  const customer = core.state.customers.get(id);
  if (!customer) throw resourceMissing('customer', id, param);
  return customer;
}

/** A payment method that must already be saved on this customer. */
export function customersPaymentMethod(
  core: Core,
  customer: string,
  id: string,
  param: string,
): string {
  const paymentMethod = findPaymentMethod(core, id, param);
  if (customerId(paymentMethod.customer) !== customer) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
    );
  }
  return paymentMethod.id;
}

function nullable(params: FormObject, name: string): string | null | undefined {
  const value = strParam(params, name);
  return value === undefined ? undefined : value === '' ? null : value;
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle({ core, params, expand }) {
      const customer = customerObject({
        created: core.clock.now(),
        email: nullable(params, 'email') ?? null,
        name: nullable(params, 'name') ?? null,
        description: nullable(params, 'description') ?? null,
        phone: nullable(params, 'phone') ?? null,
        metadata: mergeMetadata({}, params),
      });
      core.state.customers.set(customer.id, customer);
      const settings = objParam(params, 'invoice_settings');
      const pm = settings ? settings.default_payment_method : undefined;
      if (typeof pm === 'string' && pm !== '') {
        customer.invoice_settings.default_payment_method = customersPaymentMethod(
          core,
          customer.id,
          pm,
          'invoice_settings[default_payment_method]',
        );
      }
      return render(core.state, customer, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle: ({ core, path, expand }) => render(core.state, getCustomer(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handle({ core, path, params, expand }) {
      const customer = getCustomer(core, path.id!);
      const email = nullable(params, 'email');
      if (email !== undefined) customer.email = email;
      const name = nullable(params, 'name');
      if (name !== undefined) customer.name = name;
      const description = nullable(params, 'description');
      if (description !== undefined) customer.description = description;
      const phone = nullable(params, 'phone');
      if (phone !== undefined) customer.phone = phone;
      customer.metadata = mergeMetadata(customer.metadata, params);
      // Stripe's customer balance, in cents (negative: a credit the next invoices use).
      const balance = intParam(params, 'balance');
      if (balance !== undefined) customer.balance = balance;
      const settings = objParam(params, 'invoice_settings');
      if (settings && 'default_payment_method' in settings) {
        const pm = settings.default_payment_method;
        customer.invoice_settings.default_payment_method =
          typeof pm === 'string' && pm !== ''
            ? customersPaymentMethod(
                core,
                customer.id,
                pm,
                'invoice_settings[default_payment_method]',
              )
            : null;
      }
      return render(core.state, customer, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    handle({ core, params, expand }) {
      const email = strParam(params, 'email');
      const items = newestFirst(
        core.state.customers,
        (c) => email === undefined || c.email === email,
      );
      return render(core.state, paginate(items, params, '/v1/customers'), expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    handle({ core, path, params, expand }) {
      const customer = getCustomer(core, path.id!);
      const items = newestFirst(
        core.state.paymentMethods,
        (pm) => customerId(pm.customer) === customer.id,
      );
      return render(
        core.state,
        paginate(items, params, `/v1/customers/${customer.id}/payment_methods`),
        expand,
      );
    },
  },
];
