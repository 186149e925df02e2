import type {
  AdminProduct,
  AdminProductsResponse,
  CatalogProductSnapshot,
  CreateProductRequest,
  PlanType,
  PublicCatalogPlan,
  UpdatePlanPriceRequest,
  UpdateProductRequest,
} from '@mia/contracts';
import { planTypes } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { planPriceStreamId, productStreamId } from './catalog-events.js';
import type { CatalogPlan, CatalogProduct } from './catalog-reader.js';
import { productOfRow } from './catalog-store.js';
import { planPriceDecider } from './plan-price-decider.js';
import { productDecider, type ProductCommand } from './product-decider.js';

/**
 * The art a new product shows until the owner uploads its own (an existing illustration: the
 * default art stays where it is served today).
 */
export const DEFAULT_PRODUCT_IMAGE = '/products/que-dice-la-biblia.svg';

/** http destinations are for local pages while developing; everywhere else https only. */
const allowHttp = (billing: Billing) => billing.config.MIA_ENV === 'development';

export const publicPlan = (plan: CatalogPlan): PublicCatalogPlan => ({
  planType: plan.planType,
  priceCents: plan.priceCents,
  currency: plan.currency.toUpperCase(),
  interval: plan.interval,
});

export const allPlans = (billing: Billing): Promise<PublicCatalogPlan[]> =>
  Promise.all(planTypes.map(async (t) => publicPlan(await billing.catalog.plan(t))));

function adminProduct(product: CatalogProduct & { updatedAt: Date }): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    features: { es: [...product.features.es], en: [...product.features.en] },
    examplePrompts: { es: [...product.examplePrompts.es], en: [...product.examplePrompts.en] },
    priceCents: product.priceCents,
    currency: product.currency.toUpperCase(),
    image: product.image,
    popular: product.popular,
    status: product.status,
    destinationUrl: product.destination.url,
    position: product.position,
    updatedAt: product.updatedAt.toISOString(),
  };
}

async function adminProductOf(billing: Billing, productId: string): Promise<AdminProduct> {
  const row = await billing.db.catalogProduct.findUniqueOrThrow({ where: { productId } });
  return adminProduct(productOfRow(row));
}

/** GET /api/admin/products: every product, drafts and destinations included, and the plans. */
export async function listAdminProducts(billing: Billing): Promise<AdminProductsResponse> {
  const rows = await billing.db.catalogProduct.findMany({
    orderBy: [{ position: 'asc' }, { productId: 'asc' }],
  });
  return {
    products: rows.map((r) => adminProduct(productOfRow(r))),
    plans: await allPlans(billing),
  };
}

async function decideProduct(
  billing: Billing,
  productId: string,
  command: ProductCommand,
): Promise<AdminProduct> {
  await billing.commands.handle(productStreamId(productId), productDecider, command);
  return adminProductOf(billing, productId);
}

/** POST /api/admin/products: a draft, placed after every product there is. */
export async function createProduct(
  billing: Billing,
  request: CreateProductRequest,
): Promise<AdminProduct> {
  const last = await billing.db.catalogProduct.aggregate({ _max: { position: true } });
  const product: CatalogProductSnapshot = {
    productId: request.id,
    name: request.name,
    description: request.description,
    features: request.features,
    examplePrompts: request.examplePrompts ?? { es: [], en: [] },
    priceCents: request.priceCents,
    currency: 'usd',
    image: request.image ?? DEFAULT_PRODUCT_IMAGE,
    popular: request.popular ?? false,
    position: (last._max.position ?? -1) + 1,
    destination: { kind: 'custom-gpt', url: request.destinationUrl },
  };
  return decideProduct(billing, request.id, {
    kind: 'create',
    product,
    allowHttp: allowHttp(billing),
  });
}

/** PATCH /api/admin/products/:id */
export const updateProduct = (billing: Billing, productId: string, changes: UpdateProductRequest) =>
  decideProduct(billing, productId, {
    kind: 'edit',
    productId,
    changes,
    allowHttp: allowHttp(billing),
  });

/** POST /api/admin/products/:id/publish */
export const publishProduct = (billing: Billing, productId: string) =>
  decideProduct(billing, productId, { kind: 'publish', productId });

/** POST /api/admin/products/:id/retire */
export const retireProduct = (billing: Billing, productId: string) =>
  decideProduct(billing, productId, { kind: 'retire', productId });

/** PATCH /api/admin/plans/:planType: new checkouts pay it; subscribers move at renewal. */
export async function setPlanPrice(
  billing: Billing,
  planType: PlanType,
  { priceCents }: UpdatePlanPriceRequest,
): Promise<PublicCatalogPlan> {
  const current = await billing.catalog.plan(planType);
  await billing.commands.handle(planPriceStreamId(planType), planPriceDecider, {
    kind: 'set',
    planType,
    priceCents,
    currency: current.currency,
    interval: current.interval,
  });
  return publicPlan(await billing.catalog.plan(planType));
}
