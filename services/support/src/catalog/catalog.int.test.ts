import { catalogPublisher, seedCatalogProduct, seedCatalogProducts, waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupportHarness, type SupportHarness } from '../support-harness.fixture.js';
import { readCatalog } from './catalog.js';

// Support's copy of billing's catalogue, from the events alone (billing -> NATS -> support).
describe("billing's catalogue in support", () => {
  let h: SupportHarness;

  beforeAll(async () => {
    h = await startSupportHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const catalog = () => readCatalog(h.support.deps.db);

  it('holds the seeded tools in page order, then follows a change and a retirement', async () => {
    const billing = catalogPublisher(h.nats);
    await billing.seed();
    await waitFor(async () => (await catalog()).length === 14, { message: 'the seeded tools' });
    expect((await catalog()).map((t) => t.id)).toEqual(
      seedCatalogProducts().map((p) => p.productId),
    );

    const renamed = {
      ...seedCatalogProduct('apocalipsis'),
      name: { es: 'Apocalipsis paso a paso', en: 'Revelation step by step' },
    };
    await billing.changed(renamed);
    await billing.retired('apocalipsis');
    await waitFor(
      async () => (await catalog()).find((t) => t.id === 'apocalipsis')?.status === 'retired',
      { message: 'the retirement' },
    );
    expect((await catalog()).find((t) => t.id === 'apocalipsis')).toMatchObject({
      name: { es: 'Apocalipsis paso a paso' },
      status: 'retired',
    });
  });

  it('ends the same whatever order the events arrive in (a retirement before its product)', async () => {
    const billing = catalogPublisher(h.nats);
    const product = { ...seedCatalogProduct('cantar-cantares'), productId: 'cantares-nuevo' };
    // Billing published it, then retired it; support reads the retirement first.
    await billing.retired('cantares-nuevo', '2026-11-26T10:00:00.000Z');
    await billing.published(product, '2026-11-26T09:00:00.000Z');
    await waitFor(async () => (await catalog()).some((t) => t.id === 'cantares-nuevo'), {
      message: 'the late product',
    });
    expect((await catalog()).find((t) => t.id === 'cantares-nuevo')?.status).toBe('retired');
  });
});
