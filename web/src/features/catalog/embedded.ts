import type { Catalog } from './catalog';

/** The element the gateway writes the published catalogue into (services/gateway landing-render). */
export const EMBEDDED_CATALOG_ID = 'mia-catalog';

let cached: Catalog | null | undefined;

/**
 * The catalogue the gateway put into the landing page's HTML, or null when it sent none (the
 * development server, another page, or a gateway that has never reached billing). Read once:
 * it lets the landing page render its tools without a request and without the query cache or
 * zod in its download. Not validated again here: the gateway parsed it with the contract
 * schema before writing it.
 */
export function readEmbeddedCatalog(
  doc: Document | undefined = globalThis.document,
): Catalog | null {
  if (cached !== undefined) return cached;
  cached = null;
  const text = doc?.getElementById(EMBEDDED_CATALOG_ID)?.textContent;
  if (text) {
    try {
      const parsed = JSON.parse(text) as Catalog;
      if (Array.isArray(parsed?.products) && Array.isArray(parsed.plans)) cached = parsed;
    } catch {
      // A damaged copy is no copy: the page asks billing instead.
    }
  }
  return cached;
}

/** For tests: forget what was read. */
export const resetEmbeddedCatalog = (): void => {
  cached = undefined;
};
