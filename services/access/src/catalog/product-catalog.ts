import type { CatalogDestination } from '@mia/contracts';
import type { CatalogStatus } from './catalog-entry.js';

export type CatalogLang = 'es' | 'en';

/** One tool as access uses it: names it, opens it, verifies it. */
export interface CatalogProduct {
  id: string;
  name: Record<CatalogLang, string>;
  description: Record<CatalogLang, string>;
  priceCents: number;
  currency: string;
  image: string;
  position: number;
  destination: CatalogDestination;
  status: CatalogStatus;
}

const byPosition = (a: CatalogProduct, b: CatalogProduct) =>
  a.position - b.position || a.id.localeCompare(b.id);

/**
 * This replica's copy of the catalogue table, asked on every verification, "Usar" and page
 * without a query: catalog-feed.ts loads it at start and reloads it whenever the table changes.
 * Until the catalogue's consumer has caught up it is not `loaded`, and readiness waits for it.
 */
export class ProductCatalog {
  #products = new Map<string, CatalogProduct>();
  #ordered: CatalogProduct[] = [];
  #loaded = false;

  /** Replaces the whole copy (the table as just read). */
  replace(products: readonly CatalogProduct[]): void {
    this.#products = new Map(products.map((p) => [p.id, p]));
    this.#ordered = [...products].sort(byPosition);
  }

  /** A product, published or retired; undefined when access has never heard of it. */
  find = (id: string): CatalogProduct | undefined => this.#products.get(id);

  /** Every known product (retired ones too, so owners' tools keep their names), in page order. */
  all(): readonly CatalogProduct[] {
    return this.#ordered;
  }

  /** The products on sale, in page order. */
  published(): readonly CatalogProduct[] {
    return this.#ordered.filter((p) => p.status === 'published');
  }

  /** The product's name in `lang`; the id itself for one access has never heard of. */
  nameOf(id: string, lang: CatalogLang = 'es'): string {
    return this.#products.get(id)?.name[lang] ?? id;
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  markLoaded(): void {
    this.#loaded = true;
  }

  get size(): number {
    return this.#products.size;
  }
}
