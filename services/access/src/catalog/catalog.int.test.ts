import {
  accessCodeResponseSchema,
  dashboardResponseSchema,
  type CatalogProductSnapshot,
} from '@mia/contracts';
import { catalogPublisher, seedCatalogProduct, waitFor, type CatalogPublisher } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessTestBed,
  call,
  registerUser,
  startAccess,
  TEST_GPT_KEY,
  type TestUser,
} from '../access-harness.fixture.js';

// Access follows billing's catalogue (ADR 0018) from its events alone: a tool billing publishes
// can be granted, opened and verified; a new destination applies at the next "Usar"; a retired
// tool stays with its owners and is given to no one else.

const newTool: CatalogProductSnapshot = {
  ...seedCatalogProduct('apocalipsis'),
  productId: 'guia-misionera',
  name: { es: 'Guía Misionera', en: 'Missions Guide' },
  position: 14,
  destination: { kind: 'custom-gpt', url: 'https://chatgpt.com/g/g-guia-misionera' },
};

describe("billing's catalogue in access", () => {
  const bed = accessTestBed({ PUBLIC_ORIGIN: 'http://localhost:8080' });
  let billing: CatalogPublisher;
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    billing = catalogPublisher(bed.nats);
    admin = await registerUser(bed.identity, bed.access, 'admin');
    owner = await registerUser(bed.identity, bed.access);
  });

  const catalog = () => bed.access.deps.catalog;
  const grant = (user: TestUser, productId: string) =>
    call(bed.access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: user.email, productId },
    });
  const open = (user: TestUser, productId: string) =>
    call(bed.access.url, 'POST', '/api/access-gpt', { token: user.token, body: { productId } });
  const verify = async (user: TestUser, productId: string) => {
    const { accessCode } = accessCodeResponseSchema.parse(
      (await call(bed.access.url, 'GET', '/api/access-code', { token: user.token })).body,
    );
    return call(bed.access.url, 'POST', '/api/gpt/v1/verify', {
      body: { accessCode, productId },
      headers: { authorization: `Bearer ${TEST_GPT_KEY}` },
    });
  };
  const dashboardTools = async (user: TestUser) =>
    dashboardResponseSchema
      .parse((await call(bed.access.url, 'GET', '/api/dashboard', { token: user.token })).body)
      .availableProducts.map((p) => p.id);

  it('knows the 14 seeded tools before it is ready', async () => {
    expect(catalog().published()).toHaveLength(14);
    expect((await fetch(new URL('/readyz', bed.access.url))).status).toBe(200);
  });

  it('grants, opens, verifies and lists a tool billing has just published', async () => {
    expect((await grant(owner, newTool.productId)).status).toBe(400);
    await billing.published(newTool);
    await waitFor(() => catalog().find(newTool.productId), { message: 'the new tool' });

    expect((await grant(owner, newTool.productId)).status).toBe(200);
    expect((await open(owner, newTool.productId)).body).toMatchObject({
      gptUrl: 'https://chatgpt.com/g/g-guia-misionera',
      productName: 'Guía Misionera',
    });
    expect((await verify(owner, newTool.productId)).body).toMatchObject({
      allowed: true,
      productName: 'Guía Misionera',
    });
    expect((await dashboardTools(owner)).at(-1)).toBe(newTool.productId);
    const row = await bed.access.ctx.db.catalogProduct.findUnique({
      where: { productId: newTool.productId },
    });
    expect(row).toMatchObject({ nameEs: 'Guía Misionera', status: 'published' });
  });

  it('opens a new destination at the next click', async () => {
    const moved = 'https://chatgpt.com/g/g-guia-misionera-v2';
    await billing.changed({ ...newTool, destination: { kind: 'custom-gpt', url: moved } });
    await waitFor(() => catalog().find(newTool.productId)?.destination.url === moved, {
      message: 'the new destination',
    });
    expect((await open(owner, newTool.productId)).body).toMatchObject({ gptUrl: moved });
  });

  it('keeps a retired tool for its owner, and gives it to no one else', async () => {
    const other = await registerUser(bed.identity, bed.access);
    await billing.retired(newTool.productId);
    await waitFor(() => catalog().find(newTool.productId)?.status === 'retired', {
      message: 'the retirement',
    });

    expect((await open(owner, newTool.productId)).status).toBe(200);
    expect((await verify(owner, newTool.productId)).body).toMatchObject({ allowed: true });
    expect(await dashboardTools(owner)).toContain(newTool.productId);

    expect(await dashboardTools(other)).not.toContain(newTool.productId);
    const refused = await grant(other, newTool.productId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'product_retired' });
    expect((await verify(other, newTool.productId)).body).toMatchObject({
      allowed: false,
      reason: 'no_access',
    });
  });

  it('answers unknown_product for a tool billing never published', async () => {
    expect((await verify(owner, 'no-existe')).body).toMatchObject({ reason: 'unknown_product' });
    expect((await open(owner, 'no-existe')).status).toBe(400);
  });

  // Last: it stops the bed's replica.
  it('is not ready before it has read what billing published while it was down', async () => {
    await bed.access.stop();
    const later = {
      ...newTool,
      productId: 'guia-juvenil',
      name: { es: 'Guía Juvenil', en: 'Youth Guide' },
    };
    await billing.published(later);
    const replica = await startAccess(bed.db, bed.nats);
    try {
      // Ready (startAccess waits for it) only once the consumer's backlog was read into the copy.
      expect((await fetch(new URL('/readyz', replica.url))).status).toBe(200);
      expect(replica.deps.catalog.find('guia-juvenil')).toMatchObject({ status: 'published' });
      expect(replica.deps.catalog.find(newTool.productId)).toMatchObject({
        status: 'retired',
        destination: { url: 'https://chatgpt.com/g/g-guia-misionera-v2' },
      });
      expect(replica.deps.catalog.published()).toHaveLength(15);
    } finally {
      await replica.stop();
    }
  });
});
