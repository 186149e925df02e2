import type { CatalogDestination, PlanType, ProductStatus } from '@mia/contracts';
import type { BillingDb } from '../db.js';

/**
 * What billing's own commands read from its catalogue (ADR 0018): a product in any status and
 * the current price of each plan. Reads go to the projection, so an owner's change applies to
 * the next checkout on every replica without a restart.
 */
export interface CatalogProduct {
  readonly id: string;
  readonly status: ProductStatus;
  readonly name: { readonly es: string; readonly en: string };
  readonly description: { readonly es: string; readonly en: string };
  readonly features: { readonly es: readonly string[]; readonly en: readonly string[] };
  readonly examplePrompts: { readonly es: readonly string[]; readonly en: readonly string[] };
  readonly priceCents: number;
  /** Lower-case ISO code as the provider writes it (`usd`). */
  readonly currency: string;
  readonly image: string;
  readonly popular: boolean;
  readonly position: number;
  readonly destination: CatalogDestination;
}

export interface CatalogPlan {
  readonly planType: PlanType;
  readonly priceCents: number;
  /** Lower-case ISO code (`usd`). */
  readonly currency: string;
  readonly interval: 'month' | 'year';
}

/**
 * Where a read runs: the service's pool by default, or the caller's open transaction. A read
 * made while a transaction holds a connection must go through it, or under load every
 * connection waits for a second one (pool starvation).
 */
export type CatalogSource = Pick<BillingDb, 'catalogProduct' | 'catalogPlan'>;

export interface CatalogReader {
  /** Any status (drafts included); undefined when no such product was ever created. */
  product(id: string, via?: CatalogSource): Promise<CatalogProduct | undefined>;
  /** Every product, drafts included, in page order. */
  products(): Promise<readonly CatalogProduct[]>;
  plan(planType: PlanType, via?: CatalogSource): Promise<CatalogPlan>;
}
