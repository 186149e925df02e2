import { findProduct, type Catalog } from '@/features/catalog/catalog';
import type { Locale } from '@/i18n/locale';

/**
 * A product's name and description in the visitor's language: the catalogue's when it is loaded
 * and knows the id (retired tools included), otherwise what the server sent.
 */
export function productText(
  product: { id: string; name: string; description: string },
  locale: Locale,
  catalog: Catalog | undefined,
): { name: string; description: string } {
  const known = catalog ? findProduct(catalog, product.id) : undefined;
  if (!known) return { name: product.name, description: product.description };
  return { name: known.name[locale], description: known.description[locale] };
}
