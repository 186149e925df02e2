import { findProduct, localizeProduct, type CatalogLocale } from '@mia/catalog';

/**
 * A product's name and description in the visitor's language: the catalogue's when it knows
 * the id, otherwise what the server sent.
 */
export function productText(
  product: { id: string; name: string; description: string },
  locale: CatalogLocale,
): { name: string; description: string } {
  const known = findProduct(product.id);
  if (!known) return { name: product.name, description: product.description };
  const text = localizeProduct(known, locale);
  return { name: text.name, description: text.description };
}
