import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogResponse } from '@mia/contracts';
import { createLogger } from '@mia/service-kit';
import {
  createLandingCatalog,
  httpCatalogFetcher,
  type CatalogFetchResult,
  type FetchCatalog,
} from './landing-catalog.js';

const logger = createLogger('gateway', 'silent');

const catalogNamed = (name: string): CatalogResponse => ({
  products: [
    {
      id: 'generador-sermones',
      name: { es: name, en: name },
      description: { es: 'd', en: 'd' },
      features: { es: ['a', 'b', 'c', 'd'], en: ['a', 'b', 'c', 'd'] },
      examplePrompts: { es: [], en: [] },
      priceCents: 999,
      currency: 'USD',
      image: '/products/generador-sermones.svg',
      popular: true,
      status: 'published',
    },
  ],
  plans: [],
});

/** A billing stand-in with a clock: answers what the test queues, records the ETags sent. */
function setup() {
  let time = 0;
  const sent: Array<string | undefined> = [];
  const answers: Array<CatalogFetchResult | Error> = [];
  const fetchCatalog: FetchCatalog = (etag) => {
    sent.push(etag);
    const next = answers.shift();
    if (!next) return Promise.reject(new Error('no answer queued'));
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const source = createLandingCatalog({
    fetchCatalog,
    logger,
    now: () => time,
    freshMs: 60_000,
    retryMs: 5_000,
    firstWaitMs: 50,
  });
  return {
    source,
    sent,
    answers,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** Lets a background refresh (started and not awaited by `current`) finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the landing page catalogue copy', () => {
  it('fetches once, then serves the copy without asking while it is fresh', async () => {
    const t = setup();
    t.answers.push({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    expect((await t.source.current())?.catalog.products[0]?.name.es).toBe('Uno');
    t.advance(59_000);
    expect((await t.source.current())?.etag).toBe('"v1"');
    expect(t.sent).toEqual([undefined]);
  });

  it('revalidates a stale copy with If-None-Match and keeps it on 304', async () => {
    const t = setup();
    t.answers.push({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    const first = await t.source.current();
    t.advance(61_000);
    t.answers.push({ status: 304 });
    // Stale-while-revalidate: the page gets the copy at once, the check runs behind it.
    expect(await t.source.current()).toBe(first);
    await settle();
    expect(t.sent).toEqual([undefined, '"v1"']);
    t.advance(30_000);
    expect(await t.source.current()).toBe(first);
    expect(t.sent).toHaveLength(2);
  });

  it('takes a changed catalogue on the next page after the revalidation', async () => {
    const t = setup();
    t.answers.push({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    await t.source.current();
    t.advance(61_000);
    t.answers.push({ status: 200, etag: '"v2"', body: catalogNamed('Dos') });
    await t.source.current();
    await settle();
    const copy = await t.source.current();
    expect(copy?.etag).toBe('"v2"');
    expect(copy?.catalog.products[0]?.name.es).toBe('Dos');
  });

  it('serves the last good copy while billing is down, and retries after a pause', async () => {
    const t = setup();
    t.answers.push({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    await t.source.current();
    t.advance(61_000);
    t.answers.push(new Error('connect ECONNREFUSED'));
    await t.source.current();
    await settle();
    expect((await t.source.current())?.catalog.products[0]?.name.es).toBe('Uno');
    expect(t.sent).toHaveLength(2);
    t.advance(5_000);
    t.answers.push({ status: 304 });
    await t.source.current();
    await settle();
    expect(t.sent).toEqual([undefined, '"v1"', '"v1"']);
  });

  it('keeps the last good copy when billing answers something that is not a catalogue', async () => {
    const t = setup();
    t.answers.push({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    await t.source.current();
    t.advance(61_000);
    t.answers.push({ status: 200, etag: '"bad"', body: { products: 'nope' } });
    await t.source.current();
    await settle();
    expect((await t.source.current())?.etag).toBe('"v1"');
  });

  it('has nothing when no catalogue was ever fetched (the page is served without tools)', async () => {
    const t = setup();
    t.answers.push(new Error('connect ECONNREFUSED'));
    expect(await t.source.current()).toBeUndefined();
  });

  it('waits only so long for the very first copy', async () => {
    let release: (value: CatalogFetchResult) => void = () => {};
    const source = createLandingCatalog({
      fetchCatalog: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
      logger,
      firstWaitMs: 20,
    });
    expect(await source.current()).toBeUndefined();
    release({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    await settle();
    expect((await source.current())?.etag).toBe('"v1"');
  });

  it('asks billing once for pages that arrive together', async () => {
    const fetchCatalog = vi.fn<FetchCatalog>(async () => ({
      status: 200 as const,
      etag: '"v1"',
      body: catalogNamed('Uno'),
    }));
    const source = createLandingCatalog({ fetchCatalog, logger });
    await Promise.all([source.current(), source.current(), source.current()]);
    expect(fetchCatalog).toHaveBeenCalledTimes(1);
  });
});

describe('asking billing over HTTP', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  it('sends If-None-Match and reads 200 and 304 answers', async () => {
    const seen: Array<string | undefined> = [];
    server = createServer((req, res) => {
      seen.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      res.end(JSON.stringify(catalogNamed('Uno')));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fetchCatalog = httpCatalogFetcher(() => url, 1_000);
    const first = await fetchCatalog(undefined);
    expect(first).toEqual({ status: 200, etag: '"v1"', body: catalogNamed('Uno') });
    expect(await fetchCatalog('"v1"')).toEqual({ status: 304 });
    expect(seen).toEqual([undefined, '"v1"']);
  });

  it('fails on an error answer', async () => {
    server = createServer((_req, res) => res.writeHead(503).end('down'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expect(httpCatalogFetcher(() => url, 1_000)(undefined)).rejects.toThrow('503');
  });
});
