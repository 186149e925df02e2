import type { CatalogProductSnapshot, ProductStatus } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { productEventDefinitions, type ProductEvent } from './catalog-events.js';
import { checkProduct } from './product-rules.js';

/** What the owner may change on a product (PATCH /api/admin/products/:id). */
export type ProductChanges = Partial<
  Pick<
    CatalogProductSnapshot,
    'name' | 'description' | 'features' | 'examplePrompts' | 'priceCents' | 'image' | 'popular'
  > & { destinationUrl: string }
>;

export type ProductCommand =
  | { kind: 'create'; product: CatalogProductSnapshot; allowHttp: boolean }
  | { kind: 'edit'; productId: string; changes: ProductChanges; allowHttp: boolean }
  | { kind: 'publish'; productId: string }
  | { kind: 'retire'; productId: string }
  /** The first start's seed: published at once, or nothing if the product exists. */
  | { kind: 'seed'; product: CatalogProductSnapshot };

export interface ProductState {
  status: ProductStatus | 'none';
  product: CatalogProductSnapshot | null;
}

export const PRODUCT_EXISTS_MESSAGE = 'Ya existe un producto con ese identificador.';
export const PRODUCT_NOT_FOUND_MESSAGE = 'No existe ese producto.';
export const ALREADY_PUBLISHED_MESSAGE = 'Este producto ya está publicado.';
export const RETIRE_NOT_PUBLISHED_MESSAGE = 'Solo se puede retirar un producto publicado.';

function merge(product: CatalogProductSnapshot, changes: ProductChanges): CatalogProductSnapshot {
  const { destinationUrl, ...rest } = changes;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    ...product,
    ...defined,
    destination:
      destinationUrl === undefined
        ? product.destination
        : { kind: product.destination.kind, url: destinationUrl },
  };
}

/**
 * One product's life (one stream per product id): a draft the owner edits unseen, published
 * (ProductPublished), edited while on sale or retired (ProductChanged, whole snapshot), retired
 * (ProductRetired) and published again. Ids are unique because the stream is.
 */
export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  name: 'billing-catalog-product',
  initialState: () => ({ status: 'none', product: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ProductDrafted':
      case 'ProductDraftEdited':
        return { status: 'draft', product: event.data.product };
      case 'ProductPublished':
        return { status: 'published', product: event.data.product };
      case 'ProductChanged':
        return { status: event.data.status, product: event.data.product };
      case 'ProductRetired':
        return { ...state, status: 'retired' };
    }
  },
  decide(command, state, { now }) {
    const at = now.toISOString();
    if (command.kind === 'seed') {
      if (state.status !== 'none') return [];
      return [{ type: 'ProductPublished', data: { product: command.product, publishedAt: at } }];
    }
    if (command.kind === 'create') {
      if (state.status !== 'none') {
        throw new DomainError('conflict', 'product_exists', PRODUCT_EXISTS_MESSAGE);
      }
      checkProduct(command.product, command.allowHttp);
      return [{ type: 'ProductDrafted', data: { product: command.product, at } }];
    }
    const current = state.product;
    if (state.status === 'none' || !current) {
      throw new DomainError('not_found', 'product_not_found', PRODUCT_NOT_FOUND_MESSAGE);
    }
    switch (command.kind) {
      case 'edit': {
        const product = merge(current, command.changes);
        checkProduct(product, command.allowHttp);
        if (state.status === 'draft')
          return [{ type: 'ProductDraftEdited', data: { product, at } }];
        return [{ type: 'ProductChanged', data: { product, status: state.status, changedAt: at } }];
      }
      case 'publish':
        if (state.status === 'published') {
          throw new DomainError('conflict', 'product_already_published', ALREADY_PUBLISHED_MESSAGE);
        }
        return [{ type: 'ProductPublished', data: { product: current, publishedAt: at } }];
      case 'retire':
        if (state.status !== 'published') {
          throw new DomainError('conflict', 'product_not_published', RETIRE_NOT_PUBLISHED_MESSAGE);
        }
        return [{ type: 'ProductRetired', data: { productId: current.productId, retiredAt: at } }];
    }
  },
  read: readerOf<ProductEvent>(productEventDefinitions),
};
