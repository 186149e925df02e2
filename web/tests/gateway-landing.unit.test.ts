import { describe, expect, it } from 'vitest';
import * as gateway from '../../services/gateway/src/landing-render.js';
import { catalogFixture } from '@/features/catalog/catalog.fixture';
import {
  EMBEDDED_CATALOG_ID,
  readEmbeddedCatalog,
  resetEmbeddedCatalog,
} from '@/features/catalog/embedded';
import { SERVER_HEAD_ATTRIBUTE } from '@/features/catalog/server-head';

// The gateway writes the landing page's catalogue and head tags; the app reads and replaces them.
// Two programs, one agreement: the names must match, and what one writes the other must read.
describe('the landing page between the gateway and the app', () => {
  it('uses the same element id and head marker', () => {
    expect(gateway.EMBEDDED_CATALOG_ID).toBe(EMBEDDED_CATALOG_ID);
    expect(gateway.SERVER_HEAD_ATTRIBUTE).toBe(SERVER_HEAD_ATTRIBUTE);
  });

  it('reads back the catalogue the gateway embedded, a hostile name included', () => {
    const catalog = catalogFixture((list) =>
      list.map((p, i) => (i === 0 ? { ...p, name: { es: '</script><b>', en: 'x' } } : p)),
    );
    const html = gateway.renderLanding(
      '<html><head><title>B</title></head><body><div id="root"></div></body></html>',
      catalog,
    );
    const text = new RegExp(`id="${EMBEDDED_CATALOG_ID}">(.*?)</script>`, 's').exec(html)?.[1];
    const page = { getElementById: () => ({ textContent: text }) } as unknown as Document;
    resetEmbeddedCatalog();
    expect(readEmbeddedCatalog(page)).toEqual(catalog);
    resetEmbeddedCatalog();
  });
});
