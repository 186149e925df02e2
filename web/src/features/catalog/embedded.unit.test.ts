import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogFixture } from './catalog.fixture';
import { EMBEDDED_CATALOG_ID, readEmbeddedCatalog, resetEmbeddedCatalog } from './embedded';

/** Just what readEmbeddedCatalog touches of a document. */
const pageWith = (text: string | null) =>
  ({
    getElementById: (id: string) =>
      id === EMBEDDED_CATALOG_ID && text !== null ? { textContent: text } : null,
  }) as unknown as Document;

// Before as well as after: another file in the same worker may have read a page first.
beforeEach(() => resetEmbeddedCatalog());
afterEach(() => resetEmbeddedCatalog());

describe('the catalogue the gateway embedded in the page', () => {
  it('is read from its script element, escapes and all', () => {
    const catalog = catalogFixture();
    const text = JSON.stringify(catalog).replace(/</g, '\\u003c');
    expect(readEmbeddedCatalog(pageWith(text))).toEqual(catalog);
  });

  it('is null without the element, or when it is damaged', () => {
    expect(readEmbeddedCatalog(pageWith(null))).toBeNull();
    resetEmbeddedCatalog();
    expect(readEmbeddedCatalog(pageWith('{"products": ['))).toBeNull();
    resetEmbeddedCatalog();
    expect(readEmbeddedCatalog(pageWith('{"products": 1}'))).toBeNull();
  });

  it('is read once per page load', () => {
    const catalog = catalogFixture();
    expect(readEmbeddedCatalog(pageWith(JSON.stringify(catalog)))).toEqual(catalog);
    expect(readEmbeddedCatalog(pageWith(null))).toEqual(catalog);
  });
});
