import { randomUUID } from 'node:crypto';
import { catalogResponseSchema, type CreateProductRequest } from '@mia/contracts';
import { createSessionSigner, devKeys, startService } from '@mia/service-kit';
import { createTestDatabase, createTestNats, serviceTestEnv } from '@mia/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingService } from '../service.js';
import {
  startBillingHarness,
  type ApiAnswer,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

const newTool = (id: string): CreateProductRequest => ({
  id,
  name: { es: 'Guía de Oración', en: 'Prayer Guide' },
  description: { es: 'Oraciones para cada ocasión.', en: 'Prayers for every occasion.' },
  features: { es: ['uno', 'dos', 'tres', 'cuatro'], en: ['one', 'two', 'three', 'four'] },
  priceCents: 1499,
  destinationUrl: `https://chatgpt.com/g/g-${id}`,
});

/** The caller's method widened to PATCH (the harness's callers speak GET and POST). */
const send = (caller: Caller, method: 'PATCH' | 'POST' | 'GET', path: string, body?: unknown) =>
  (caller.call as (m: string, p: string, b?: unknown) => Promise<ApiAnswer>)(method, path, body);

describe('the catalogue billing owns', () => {
  let h: BillingHarness;
  let admin: Caller;
  let adminToken: string;
  beforeAll(async () => {
    h = await startBillingHarness();
    const userId = randomUUID();
    admin = await h.signIn({ role: 'admin', userId });
    // The same session as `admin`, for uploads with a body that is not JSON.
    const keys = devKeys()!;
    const sign = createSessionSigner({
      privateKeyPem: keys.privateKeyPem,
      issuer: 'mia-identity',
      audience: 'mia',
    });
    adminToken = (
      await sign({ userId, role: 'admin', email: admin.email, name: 'Ana', amr: ['pwd', 'otp'] })
    ).token;
  });
  afterAll(async () => {
    await h?.stop();
  });

  const catalog = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${h.service.url}/api/catalog`, { headers });
    const text = await res.text();
    return { res, body: text ? catalogResponseSchema.parse(JSON.parse(text)) : undefined };
  };
  const upload = (bytes: Buffer, contentType: string) =>
    fetch(`${h.service.url}/api/admin/products/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType },
      body: bytes,
    });

  it('the first start publishes the 14 tools and 2 plans, in catalogue order', async () => {
    expect(await h.events('ProductPublished')).toHaveLength(14);
    expect(await h.events('PlanPriceChanged')).toHaveLength(2);
    const { res, body } = await catalog();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(body!.products.map((p) => p.id).slice(0, 2)).toEqual([
      'generador-sermones',
      'manual-ceremonias',
    ]);
    expect(body!.products.every((p) => p.status === 'published' && p.currency === 'USD')).toBe(
      true,
    );
    expect(body!.plans).toEqual([
      { planType: 'monthly', priceCents: 2000, currency: 'USD', interval: 'month' },
      { planType: 'annual', priceCents: 6500, currency: 'USD', interval: 'year' },
    ]);
    // Destinations are not public.
    expect(JSON.stringify(body)).not.toContain('chatgpt.com');
    expect(JSON.stringify(body)).not.toContain('stand-in');
  });

  it('two replicas starting together on an empty database seed once', async () => {
    const db = await createTestDatabase();
    const nats = await createTestNats();
    const env = serviceTestEnv(db, nats, {
      STRIPE_SANDBOX_URL: h.sandboxUrl,
      STRIPE_SANDBOX_SECRET_KEY: h.sandbox.secretKey,
      MAIL_DIR: h.mailDir,
    });
    const replicas = await Promise.all([
      startService(billingService, { env }),
      startService(billingService, { env }),
    ]);
    try {
      const count = async (type: string) =>
        (
          await replicas[0].ctx.runner.sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "${replicas[0].ctx.schema}".events WHERE type = $1`,
            [type],
          )
        )[0]!.n;
      expect(await count('CatalogSeeded')).toBe(1);
      expect(await count('ProductPublished')).toBe(14);
      expect(await count('PlanPriceChanged')).toBe(2);
      // Destinations the seed gave: the local stand-in outside production.
      const tool = await replicas[1].deps.billing.catalog.product('apocalipsis');
      expect(tool?.destination.url).toMatch(/\/api\/gpt\/stand-in\/apocalipsis$/);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
      await nats.cleanup();
      await db.drop();
    }
  });

  it('a draft is not public; once published it is, under a new ETag', async () => {
    const before = await catalog();
    const etag = before.res.headers.get('etag')!;
    expect((await catalog({ 'if-none-match': etag })).res.status).toBe(304);

    const created = await admin.call('POST', '/api/admin/products', newTool('guia-de-oracion'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'guia-de-oracion', status: 'draft', position: 14 });
    // A draft changes nothing public: the old copy is still good.
    expect((await catalog({ 'if-none-match': etag })).res.status).toBe(304);
    const listed = await admin.call<{ products: { id: string; destinationUrl: string }[] }>(
      'GET',
      '/api/admin/products',
    );
    expect(listed.body.products.find((p) => p.id === 'guia-de-oracion')?.destinationUrl).toBe(
      'https://chatgpt.com/g/g-guia-de-oracion',
    );

    const published = await admin.call('POST', '/api/admin/products/guia-de-oracion/publish');
    expect(published.status).toBe(200);
    await h.waitForEvent(
      'ProductPublished',
      (d) => (d.product as { productId: string }).productId === 'guia-de-oracion',
    );
    const after = await catalog({ 'if-none-match': etag });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(etag);
    expect(after.body!.products.at(-1)).toMatchObject({
      id: 'guia-de-oracion',
      status: 'published',
      priceCents: 1499,
      currency: 'USD',
    });
    const fresh = after.res.headers.get('etag')!;
    expect((await catalog({ 'if-none-match': fresh })).res.status).toBe(304);
  });

  it('refuses a duplicate id, a bad body with field details, and unknown products', async () => {
    const dup = await admin.call('POST', '/api/admin/products', newTool('guia-de-oracion'));
    expect(dup.status).toBe(409);
    const bad = await admin.call('POST', '/api/admin/products', {
      ...newTool('Mal Id'),
      priceCents: 10,
    });
    expect(bad.status).toBe(400);
    expect((bad.body.details as { path: string }[]).map((d) => d.path)).toEqual(
      expect.arrayContaining(['id', 'priceCents']),
    );
    const http = await admin.call('POST', '/api/admin/products', {
      ...newTool('con-http'),
      destinationUrl: 'http://example.com/gpt',
    });
    expect(http.status).toBe(400);
    expect(http.body.details).toEqual([expect.objectContaining({ path: 'destinationUrl' })]);
    expect((await admin.call('POST', '/api/admin/products/no-existe/publish')).status).toBe(404);
    expect((await admin.call('POST', '/api/admin/products/apocalipsis/publish')).status).toBe(409);
  });

  it('a retired tool stays listed as retired; an edit travels whole in ProductChanged', async () => {
    const retired = await admin.call('POST', '/api/admin/products/cantar-cantares/retire');
    expect(retired.status).toBe(200);
    expect((await catalog()).body!.products.find((p) => p.id === 'cantar-cantares')?.status).toBe(
      'retired',
    );
    const edited = await send(admin, 'PATCH', '/api/admin/products/cantar-cantares', {
      destinationUrl: 'https://chatgpt.com/g/g-cantares-nuevo',
    });
    expect(edited.status).toBe(200);
    const changed = await h.waitForEvent(
      'ProductChanged',
      (d) => (d.product as { productId: string }).productId === 'cantar-cantares',
    );
    expect(changed.data).toMatchObject({
      status: 'retired',
      product: {
        name: { es: 'Estudio de Cantar de los Cantares' },
        destination: { kind: 'custom-gpt', url: 'https://chatgpt.com/g/g-cantares-nuevo' },
      },
    });
  });

  it('a plan price change answers the new price and emits PlanPriceChanged', async () => {
    const changed = await send(admin, 'PATCH', '/api/admin/plans/monthly', { priceCents: 2500 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      planType: 'monthly',
      priceCents: 2500,
      currency: 'USD',
      interval: 'month',
    });
    const event = await h.waitForEvent('PlanPriceChanged', (d) => d.priceCents === 2500);
    expect(event.data).toMatchObject({ planType: 'monthly', previousPriceCents: 2000 });
    expect((await catalog()).body!.plans[0]).toMatchObject({
      planType: 'monthly',
      priceCents: 2500,
    });
    expect((await admin.call('GET', '/api/admin/products')).body.plans).toEqual(
      expect.arrayContaining([expect.objectContaining({ planType: 'monthly', priceCents: 2500 })]),
    );
  });

  it('an uploaded image comes back as WebP at most 1024 px, cached for a year', async () => {
    const png = await sharp({
      create: { width: 2048, height: 512, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'image/png');
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    expect(image).toMatch(/^\/api\/catalog\/images\/[a-f0-9]{64}\.webp$/);
    const served = await fetch(`${h.service.url}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 256 });

    const missing = await fetch(`${h.service.url}/api/catalog/images/${'0'.repeat(64)}.webp`);
    expect(missing.status).toBe(404);
  });

  it('refuses what is not an image, and an image over 1 MB', async () => {
    const fake = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { code: string }).code).toBe('invalid_image');
    const wrongType = await upload(Buffer.from('GIF89a'), 'image/gif');
    expect(wrongType.status).toBe(400);
    const big = await upload(Buffer.alloc(1024 * 1024 + 1, 1), 'image/png');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/1 MB/);
  });

  it('a customer is refused the administration', async () => {
    const customer = await h.signIn();
    expect((await customer.call('GET', '/api/admin/products')).status).toBe(403);
    expect(
      (await customer.call('POST', '/api/admin/products', newTool('de-un-cliente'))).status,
    ).toBe(403);
    expect(
      (await send(customer, 'PATCH', '/api/admin/plans/annual', { priceCents: 100 })).status,
    ).toBe(403);
  });
});
