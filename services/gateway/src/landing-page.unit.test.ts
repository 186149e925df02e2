import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';

const INDEX =
  '<!doctype html><html lang="es"><head><title>Ministerio IA</title></head>' +
  '<body><div id="root"></div></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const catalog = {
  products: [
    {
      id: 'nueva-herramienta',
      name: { es: '<script>alert(1)</script>', en: 'New tool' },
      description: { es: 'Una herramienta nueva', en: 'A new tool' },
      features: { es: ['a', 'b', 'c', 'd'], en: ['a', 'b', 'c', 'd'] },
      examplePrompts: { es: [], en: [] },
      priceCents: 1250,
      currency: 'USD',
      image: '/api/catalog/images/abc.webp',
      popular: false,
      status: 'published',
    },
  ],
  plans: [],
};

describe('the landing page through the gateway, from billing’s catalogue', () => {
  let dist: string;
  let billing: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mia-web-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    billing = await startFakeService('billing', (req, res) => {
      if (req.url === '/api/catalog') {
        if (req.headers['if-none-match'] === '"c1"') {
          res.writeHead(304, { etag: '"c1"' }).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', etag: '"c1"' });
        res.end(JSON.stringify(catalog));
        return;
      }
      if (req.url === '/api/catalog/images/abc.webp') {
        res.writeHead(200, { 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
        res.end(Buffer.from('RIFF....WEBP'));
        return;
      }
      res.writeHead(404).end();
    });
    const dead = await deadUrl();
    gateway = await startGateway(
      { identity: dead, billing: billing.url, access: dead, support: dead },
      { WEB_DIST: dist, PUBLIC_ORIGIN: 'https://ministerioia.com' },
    );
  });
  afterAll(async () => {
    await gateway.close();
    await billing.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lists the published tool in the HTML, escaped, with its offer', async () => {
    const res = await request(`${gateway.url}/`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('"price":"12.50"');
    expect(res.text).toContain('https://ministerioia.com/checkout/nueva-herramienta');
    expect(res.text).toContain('id="mia-catalog"');
  });

  it('is rendered once per catalogue version: same page, same ETag, 304 for the browser', async () => {
    const first = await request(`${gateway.url}/`);
    const second = await request(`${gateway.url}/`, {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.status).toBe(304);
  });

  it('leaves the other pages of the app as built', async () => {
    const res = await request(`${gateway.url}/dashboard`);
    expect(res.text).toBe(INDEX);
  });

  it('passes billing’s long cache of uploaded images through', async () => {
    const res = await request(`${gateway.url}/api/catalog/images/abc.webp`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toBe('image/webp');
  });
});
