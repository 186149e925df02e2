import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, request, startGateway, type TestGateway } from './harness.fixture.js';

const INDEX = '<!doctype html><html><head><title>Ministerio IA</title></head><body></body></html>';
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;
// Marked so a test can tell the build's variant from one the gateway made itself.
const BUNDLE_BR = brotliCompressSync(`${BUNDLE}//br`);
const BUNDLE_GZ = gzipSync(`${BUNDLE}//gz`);
const STYLES = `.a{color:red}\n`.repeat(200);

describe('static web app', () => {
  let dist: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mia-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'products'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), BUNDLE);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), BUNDLE_BR);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), BUNDLE_GZ);
    writeFileSync(join(dist, 'assets', 'index-def456.css'), STYLES);
    writeFileSync(
      join(dist, 'products', 'sermon-builder.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const dead = await deadUrl();
    gateway = await startGateway(
      { identity: dead, billing: dead, access: dead, support: dead },
      { WEB_DIST: dist },
    );
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    request(`${gateway.url}${path}`, { headers, method });

  it('serves index.html at / without letting it be cached stale', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    // Billing is down and no catalogue was ever fetched: the landing page without its tools.
    expect(res.text).toContain(
      '<title data-server-head>Herramientas de IA para tu ministerio | Ministerio IA</title>',
    );
    expect(res.text).not.toContain('application/ld+json');
    const again = await get('/', { 'if-none-match': res.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it("caches hashed assets for a year and serves the build's brotli file", async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(BUNDLE_BR.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(`${BUNDLE}//br`);
  });

  it('serves the gzip file to clients without brotli, and plain bytes to the rest', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(`${BUNDLE}//gz`);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BUNDLE);
    expect(plain.headers.etag).not.toBe(gz.headers.etag);
  });

  it('compresses a text file the build left uncompressed, once', async () => {
    const res = await get('/assets/index-def456.css', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBeLessThan(STYLES.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(STYLES);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/assets/index-abc123.js', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(BUNDLE.length);
    expect(res.body.length).toBe(0);
  });

  it('serves non-hashed files revalidated', async () => {
    const res = await get('/products/sermon-builder.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/dashboard', '/checkout/sermon-builder', '/no/such/page', '/auth?next=%2Fdashboard'])(
    'falls back to index.html for the client route %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX);
    },
  );

  it.each(['/missing.png', '/assets/index-000000.js', '/assets/x'])(
    'answers 404 for the missing file %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
    },
  );

  it('does not serve the precompressed siblings as pages, nor escape dist', async () => {
    expect((await get('/assets/index-abc123.js.br')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('static web app not built', () => {
  it('still starts and says how to build it', async () => {
    const dead = await deadUrl();
    const gw = await startGateway(
      { identity: dead, billing: dead, access: dead, support: dead },
      { WEB_DIST: join(tmpdir(), 'mia-no-such-dist') },
    );
    try {
      const res = await request(`${gw.url}/dashboard`);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('npm run build -w web');
      expect((await request(`${gw.url}/healthz`)).status).toBe(200);
    } finally {
      await gw.close();
    }
  });
});
