import { randomUUID } from 'node:crypto';
import { products } from '@mia/catalog';
import {
  eventSubject,
  ProductChangedV1,
  ProductPublishedV1,
  ProductRetiredV1,
  type CatalogProductSnapshot,
  type EventDefinition,
  type EventEnvelope,
} from '@mia/contracts';
import { jetstream } from '@nats-io/jetstream';
import type { TestNats } from './nats.js';

// Billing owns the catalogue (ADR 0018) and its first start publishes libs/catalog's tools. A
// consumer's tests play that side with this: the same 14 products, as whole snapshots on the bus.
// Test code only: at runtime nothing but billing's seed reads libs/catalog's product data.

/** Where the seeded tools open: the local stand-in page (billing's seed outside production). */
export const SEED_ORIGIN = 'http://localhost:8080';

/** libs/catalog's 14 tools as billing's seed publishes them, in catalogue order. */
export function seedCatalogProducts(origin = SEED_ORIGIN): CatalogProductSnapshot[] {
  return products.map((p, position) => ({
    productId: p.id,
    name: { es: p.name, en: p.nameEn },
    description: { es: p.description, en: p.descriptionEn },
    features: { es: [...p.features], en: [...p.featuresEn] },
    examplePrompts: { es: [...p.examplePrompts], en: [...p.examplePrompts] },
    priceCents: p.priceCents,
    currency: 'usd',
    image: p.image,
    popular: p.popular ?? false,
    position,
    destination: {
      kind: p.destination.kind,
      url: new URL(`/api/gpt/stand-in/${p.id}`, origin).href,
    },
  }));
}

/** One seeded tool, for tests that publish a change of it. */
export function seedCatalogProduct(
  productId: string,
  origin = SEED_ORIGIN,
): CatalogProductSnapshot {
  const product = seedCatalogProducts(origin).find((p) => p.productId === productId);
  if (!product) throw new Error(`no seeded product ${productId}`);
  return product;
}

/** Billing's catalogue events, published to a test run's NATS as billing's relay would. */
export interface CatalogPublisher {
  /** ProductPublished for each product (default: the 14 seeded tools). */
  seed(items?: readonly CatalogProductSnapshot[]): Promise<void>;
  published(product: CatalogProductSnapshot, at?: string): Promise<EventEnvelope>;
  changed(
    product: CatalogProductSnapshot,
    status?: 'published' | 'retired',
    at?: string,
  ): Promise<EventEnvelope>;
  retired(productId: string, at?: string): Promise<EventEnvelope>;
}

/**
 * A stand-in for billing's catalogue: one stream per product (`product-<id>`) with its own
 * versions, and instants that always move forward, so each event is newer than the last.
 */
export function catalogPublisher(nats: Pick<TestNats, 'prefix' | 'connect'>): CatalogPublisher {
  const versions = new Map<string, number>();
  let last = 0;
  const instant = () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last).toISOString();
  };
  async function send<D extends EventDefinition>(
    definition: D,
    productId: string,
    data: (at: string) => unknown,
    at?: string,
  ): Promise<EventEnvelope> {
    const streamVersion = (versions.get(productId) ?? 0) + 1;
    versions.set(productId, streamVersion);
    // A given instant plays an event billing decided earlier (or later) than it arrives.
    const occurredAt = at ?? instant();
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      occurredAt,
      streamId: `product-${productId}`,
      streamVersion,
      correlationId: `catalog-${productId}-${streamVersion}`,
      causationId: null,
      data: definition.schema.parse(data(occurredAt)),
    };
    const js = jetstream(await nats.connect());
    await js.publish(eventSubject(nats.prefix, definition), JSON.stringify(envelope), {
      msgID: envelope.id,
    });
    return envelope;
  }
  const published = (product: CatalogProductSnapshot, at?: string) =>
    send(ProductPublishedV1, product.productId, (publishedAt) => ({ product, publishedAt }), at);
  return {
    async seed(items = seedCatalogProducts()) {
      for (const product of items) await published(product);
    },
    published,
    changed: (product, status = 'published', at) =>
      send(
        ProductChangedV1,
        product.productId,
        (changedAt) => ({ product, status, changedAt }),
        at,
      ),
    retired: (productId, at) =>
      send(ProductRetiredV1, productId, (retiredAt) => ({ productId, retiredAt }), at),
  };
}
