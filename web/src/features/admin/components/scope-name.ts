import { findProduct, localizeProduct, type CatalogLocale } from '@mia/catalog';
import { ALL_PRODUCTS } from '@mia/contracts';

/** What a grant covers, for people: a tool's name, 'all tools', or the raw id if unknown. */
export function scopeName(scope: string, locale: CatalogLocale, allLabel: string): string {
  if (scope === ALL_PRODUCTS) return allLabel;
  const product = findProduct(scope);
  return product ? localizeProduct(product, locale).name : scope;
}
