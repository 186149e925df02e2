import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing } from '../errors.js';
import {
  modifySubscription,
  type UpdateSubscriptionInput,
} from '../domain/subscription-changes.js';
import { modifyWithPendingUpdate } from '../domain/pending-updates.js';
import { cancelSubscription, createSubscription, type ItemInput } from '../domain/subscriptions.js';
import type { FormObject, FormValue } from '../form.js';
import { paginate } from '../list.js';
import {
  arrayParam,
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
import { getPrice } from './catalog.js';
import { customersPaymentMethod, getCustomer } from './customers.js';

const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;
const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;

export function getSubscription(core: Core, id: string, param?: string): Stripe.Subscription {
  const sub = core.state.subscriptions.get(id);
  if (!sub) throw resourceMissing('subscription', id, param);
  return sub;
}

function itemObjects(params: FormObject): Array<{ item: FormObject; index: number }> {
  return (arrayParam(params, 'items') ?? []).map((value: FormValue, index) => {
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: items[${index}]`, `items[${index}]`);
    }
    return { item: value, index };
  });
}

function recurringPrice(core: Core, id: string, param: string): Stripe.Price {
  const price = getPrice(core, id, param);
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  }
  if (!price.active) throw invalidRequest(`The price specified is inactive.`, param);
  return price;
}

function quantity(item: FormObject, index: number): number | undefined {
  const value = intParam(item, 'quantity');
  if (value !== undefined && value < 1) {
    throw invalidRequest('Invalid quantity: must be at least 1', `items[${index}][quantity]`);
  }
  return value;
}

function saveDefault(params: FormObject): 'off' | 'on_subscription' | undefined {
  const settings = objParam(params, 'payment_settings');
  return settings
    ? enumParam(settings, 'save_default_payment_method', ['off', 'on_subscription'] as const)
    : undefined;
}

/** `discounts[0][promotion_code]` (the one discount billing passes), checked before anything is made. */
function promotionCodeParam(params: FormObject): string | null {
  const first = arrayParam(params, 'discounts')?.[0];
  if (!first || typeof first !== 'object' || Array.isArray(first)) return null;
  return strParam(first, 'promotion_code') ?? null;
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    handle({ core, params, expand }) {
      const customer = getCustomer(core, requireStr(params, 'customer'), 'customer');
      const items: ItemInput[] = itemObjects(params).map(({ item, index }) => ({
        price: recurringPrice(core, requireStr(item, 'price'), `items[${index}][price]`),
        quantity: quantity(item, index) ?? 1,
        metadata: mergeMetadata({}, item),
      }));
      if (items.length === 0)
        throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
      const defaultPm = strParam(params, 'default_payment_method');
      const settings = objParam(params, 'payment_settings');
      const sub = createSubscription(core, {
        customer,
        items,
        paymentBehavior:
          enumParam(params, 'payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete',
        saveDefaultPaymentMethod: saveDefault(params) ?? null,
        paymentMethodTypes: settings
          ? (strArrayParam(settings, 'payment_method_types') ?? null)
          : null,
        defaultPaymentMethod: defaultPm
          ? customersPaymentMethod(core, customer.id, defaultPm, 'default_payment_method')
          : null,
        metadata: mergeMetadata({}, params),
        description: strParam(params, 'description') || null,
        cancelAtPeriodEnd: boolParam(params, 'cancel_at_period_end') ?? false,
        promotionCode: promotionCodeParam(params),
      });
      return render(core.state, sub, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handle: ({ core, path, expand }) => render(core.state, getSubscription(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handle({ core, path, params, expand }) {
      const sub = getSubscription(core, path.id!);
      const customer = sub.customer as string;
      const defaultPm = strParam(params, 'default_payment_method');
      const cancelAt = strParam(params, 'cancel_at');
      const anchor = strParam(params, 'billing_cycle_anchor');
      if (anchor !== undefined && anchor !== 'now' && anchor !== 'unchanged') {
        throw invalidRequest(
          'Invalid billing_cycle_anchor: must be now or unchanged',
          'billing_cycle_anchor',
        );
      }
      const input: UpdateSubscriptionInput = {
        prorationBehavior:
          enumParam(params, 'proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations',
        resetAnchor: anchor === 'now',
        ...(boolParam(params, 'cancel_at_period_end') !== undefined
          ? { cancelAtPeriodEnd: boolParam(params, 'cancel_at_period_end')! }
          : {}),
        ...(cancelAt !== undefined
          ? { cancelAt: cancelAt === '' ? null : intParam(params, 'cancel_at')! }
          : {}),
        ...(defaultPm !== undefined
          ? {
              defaultPaymentMethod: defaultPm
                ? customersPaymentMethod(core, customer, defaultPm, 'default_payment_method')
                : null,
            }
          : {}),
        ...('metadata' in params ? { metadata: mergeMetadata(sub.metadata, params) } : {}),
        ...(strParam(params, 'description') !== undefined
          ? { description: strParam(params, 'description') || null }
          : {}),
        ...(saveDefault(params) ? { saveDefaultPaymentMethod: saveDefault(params)! } : {}),
      };
      if ('items' in params) {
        input.items = itemObjects(params).map(({ item, index }) => {
          const price = strParam(item, 'price');
          const id = strParam(item, 'id');
          const q = quantity(item, index);
          return {
            ...(id ? { id } : {}),
            ...(price ? { price: recurringPrice(core, price, `items[${index}][price]`) } : {}),
            ...(q !== undefined ? { quantity: q } : {}),
            ...(boolParam(item, 'deleted') ? { deleted: true } : {}),
          };
        });
      }
      const pending =
        enumParam(params, 'payment_behavior', PAYMENT_BEHAVIORS) === 'pending_if_incomplete';
      const modified = pending
        ? modifyWithPendingUpdate(core, sub, input)
        : modifySubscription(core, sub, input);
      return render(core.state, modified, expand);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handle({ core, path, params, expand }) {
      const sub = getSubscription(core, path.id!);
      const details = objParam(params, 'cancellation_details');
      const comment = details && typeof details.comment === 'string' ? details.comment : null;
      return render(core.state, cancelSubscription(core, sub, comment), expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      const price = strParam(params, 'price');
      const status = strParam(params, 'status');
      const items = newestFirst(
        core.state.subscriptions,
        (s) =>
          (!customer || s.customer === customer) &&
          (!price || s.items.data.some((item) => item.price.id === price)) &&
          (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
      );
      return render(core.state, paginate(items, params, '/v1/subscriptions'), expand);
    },
  },
];
