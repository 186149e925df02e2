import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, missingParam, resourceMissing } from '../errors.js';
import type { FormObject } from '../form.js';
import { paginate } from '../list.js';
import { priceObject, productObject } from '../objects/catalog.js';
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

export function getPrice(core: Core, id: string, param?: string): Stripe.Price {
  const price = core.state.prices.get(id);
  if (!price) throw resourceMissing('price', id, param);
  return price;
}

function getProduct(core: Core, id: string, param?: string): Stripe.Product {
  const product = core.state.products.get(id);
  if (!product) throw resourceMissing('product', id, param);
  return product;
}

function currency(params: FormObject): string {
  const value = requireStr(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) throw invalidRequest(`Invalid currency: ${value}`, 'currency');
  return value;
}

/** A lookup key names one price; `transfer_lookup_key=true` moves it from its current holder. */
function claimLookupKey(core: Core, key: string | null, transfer: boolean, owner: string): void {
  if (key === null) return;
  for (const price of core.state.prices.values()) {
    if (price.id === owner || price.lookup_key !== key) continue;
    if (!transfer) {
      throw invalidRequest(
        `A price (\`${price.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_exists',
      );
    }
    price.lookup_key = null;
  }
}

function productForPrice(core: Core, params: FormObject): string {
  const id = strParam(params, 'product');
  if (id) return getProduct(core, id, 'product').id;
  const data = objParam(params, 'product_data');
  if (!data) throw missingParam('product');
  const name = typeof data.name === 'string' ? data.name : '';
  if (name === '') throw missingParam('product_data[name]');
  const product = productObject({
    created: core.clock.now(),
    name,
    description: null,
    active: true,
    metadata: {},
  });
  core.state.products.set(product.id, product);
  return product.id;
}

function recurring(params: FormObject) {
  const data = objParam(params, 'recurring');
  if (!data) return null;
  const interval = enumParam(data, 'interval', ['day', 'week', 'month', 'year'] as const);
  if (!interval) throw missingParam('recurring[interval]');
  const count = intParam(data, 'interval_count') ?? 1;
  if (count < 1)
    throw invalidRequest('Invalid recurring[interval_count]', 'recurring[interval_count]');
  return { interval, interval_count: count };
}

export const catalogRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/products',
    handle({ core, params, expand }) {
      const id = strParam(params, 'id');
      if (id && core.state.products.has(id)) {
        throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
      }
      const product = productObject({
        ...(id ? { id } : {}),
        created: core.clock.now(),
        name: requireStr(params, 'name'),
        description: strParam(params, 'description') || null,
        active: boolParam(params, 'active') ?? true,
        metadata: mergeMetadata({}, params),
      });
      core.state.products.set(product.id, product);
      return render(core.state, product, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    handle: ({ core, path, expand }) => render(core.state, getProduct(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    handle({ core, path, params, expand }) {
      const product = getProduct(core, path.id!);
      const name = strParam(params, 'name');
      if (name) product.name = name;
      const description = strParam(params, 'description');
      if (description !== undefined) product.description = description || null;
      const active = boolParam(params, 'active');
      if (active !== undefined) product.active = active;
      const defaultPrice = strParam(params, 'default_price');
      if (defaultPrice !== undefined) {
        product.default_price = defaultPrice
          ? getPrice(core, defaultPrice, 'default_price').id
          : null;
      }
      product.metadata = mergeMetadata(product.metadata, params);
      product.updated = core.clock.now();
      return render(core.state, product, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/products',
    handle({ core, params, expand }) {
      const active = boolParam(params, 'active');
      const ids = strArrayParam(params, 'ids');
      const items = newestFirst(
        core.state.products,
        (p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)),
      );
      return render(core.state, paginate(items, params, '/v1/products'), expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    handle({ core, params, expand }) {
      const unitAmount = intParam(params, 'unit_amount');
      if (unitAmount === undefined) throw missingParam('unit_amount');
      if (unitAmount < 0)
        throw invalidRequest('Invalid unit_amount: must be at least 0', 'unit_amount');
      const lookupKey = strParam(params, 'lookup_key') || null;
      const price = priceObject({
        created: core.clock.now(),
        product: productForPrice(core, params),
        currency: currency(params),
        unit_amount: unitAmount,
        active: boolParam(params, 'active') ?? true,
        lookup_key: null,
        nickname: strParam(params, 'nickname') || null,
        metadata: mergeMetadata({}, params),
        recurring: recurring(params),
      });
      claimLookupKey(core, lookupKey, boolParam(params, 'transfer_lookup_key') ?? false, price.id);
      price.lookup_key = lookupKey;
      core.state.prices.set(price.id, price);
      return render(core.state, price, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    handle: ({ core, path, expand }) => render(core.state, getPrice(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    handle({ core, path, params, expand }) {
      const price = getPrice(core, path.id!);
      const active = boolParam(params, 'active');
      if (active !== undefined) price.active = active;
      const nickname = strParam(params, 'nickname');
      if (nickname !== undefined) price.nickname = nickname || null;
      const lookupKey = strParam(params, 'lookup_key');
      if (lookupKey !== undefined) {
        claimLookupKey(
          core,
          lookupKey || null,
          boolParam(params, 'transfer_lookup_key') ?? false,
          price.id,
        );
        price.lookup_key = lookupKey || null;
      }
      price.metadata = mergeMetadata(price.metadata, params);
      return render(core.state, price, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    handle({ core, params, expand }) {
      const active = boolParam(params, 'active');
      const product = strParam(params, 'product');
      const type = strParam(params, 'type');
      const currencyFilter = strParam(params, 'currency')?.toLowerCase();
      const lookupKeys = strArrayParam(params, 'lookup_keys');
      if (lookupKeys && lookupKeys.length > 10) {
        throw invalidRequest('You can pass at most 10 lookup_keys.', 'lookup_keys');
      }
      const items = newestFirst(
        core.state.prices,
        (p) =>
          (active === undefined || p.active === active) &&
          (product === undefined || p.product === product) &&
          (type === undefined || p.type === type) &&
          (currencyFilter === undefined || p.currency === currencyFilter) &&
          (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))),
      );
      return render(core.state, paginate(items, params, '/v1/prices'), expand);
    },
  },
];
