import {
  API_ERROR_CODES,
  catalogProductSnapshotSchema,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  PRODUCT_ID_PATTERN,
  type CatalogProductSnapshot,
  type ValidationIssue,
} from '@mia/contracts';
import { DomainError } from '@mia/service-kit';

/** A path on our own origin: `/products/<id>.svg` default art, `/api/catalog/images/<file>`. */
const IMAGE_PATH = /^\/(?!\/)[A-Za-z0-9._\-/]+$/;

/**
 * The rules every product snapshot obeys before billing writes it (issue 24): the route's schema
 * checks the request, but an edit merges into the stored product, so the merged whole is checked
 * here too. `allowHttp` is true in development only, where a tool may open a local page.
 */
export function checkProduct(product: CatalogProductSnapshot, allowHttp: boolean): void {
  const issues: ValidationIssue[] = [];
  if (!PRODUCT_ID_PATTERN.test(product.productId)) {
    issues.push({ path: 'id', message: 'Id must be 3-60 lowercase letters, digits or hyphens' });
  }
  if (product.priceCents < MIN_PRICE_CENTS || product.priceCents > MAX_PRICE_CENTS) {
    issues.push({ path: 'priceCents', message: 'Price must be between 0.50 and 999.00 USD' });
  }
  const protocol = URL.canParse(product.destination.url)
    ? new URL(product.destination.url).protocol
    : '';
  if (protocol !== 'https:' && !(allowHttp && protocol === 'http:')) {
    issues.push({ path: 'destinationUrl', message: 'Destination must be an absolute https URL' });
  }
  // An image is one of ours (default art or an upload), never another site's or a script URL.
  if (!IMAGE_PATH.test(product.image)) {
    issues.push({ path: 'image', message: 'Image must be an uploaded image or the default art' });
  }
  // The bus's schema is the last word (four features, both languages, id without edge hyphens).
  const parsed = catalogProductSnapshotSchema.safeParse(product);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path
        .map(String)
        .join('.')
        .replace(/^productId$/, 'id');
      if (!issues.some((i) => i.path === path)) issues.push({ path, message: issue.message });
    }
  }
  if (issues.length > 0) {
    throw new DomainError(
      'invalid',
      API_ERROR_CODES.validation,
      issues.map((i) => i.message).join('. '),
      issues,
    );
  }
}
