import { waitFor } from '@mia/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';
import { createUpstreamPool, type UpstreamPool } from './upstream-pool.js';

const manual = (...urls: string[]) =>
  createUpstreamPool(urls, { probeIntervalMs: 0, probeTimeoutMs: 1_000 });

describe('upstream pool: choosing a replica', () => {
  it('one address: always that one, failing or not', () => {
    const pool = manual('http://127.0.0.1:1');
    const only = pool.members[0]!;
    pool.markFailing(only, 'ECONNREFUSED');
    expect(pool.pick()).toBe(only);
    expect(pool.pick(only)).toBe(only);
    pool.close();
  });

  it('takes turns among equally busy replicas and prefers the least busy', () => {
    const pool = manual('http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:3');
    const [a, b, c] = pool.members as [
      UpstreamPool['members'][number],
      UpstreamPool['members'][number],
      UpstreamPool['members'][number],
    ];
    const picked = new Set(Array.from({ length: 3 }, () => pool.pick()));
    expect(picked).toEqual(new Set([a, b, c]));
    a.inFlight = 2;
    b.inFlight = 1;
    c.inFlight = 3;
    for (let i = 0; i < 5; i++) expect(pool.pick()).toBe(b);
    pool.close();
  });

  it('sends nothing to a failing replica while another is healthy, and avoids the one that just failed', () => {
    const pool = manual('http://127.0.0.1:1', 'http://127.0.0.1:2');
    const [a, b] = pool.members as [
      UpstreamPool['members'][number],
      UpstreamPool['members'][number],
    ];
    pool.markFailing(a, 'ECONNREFUSED');
    a.inFlight = 0;
    b.inFlight = 10;
    for (let i = 0; i < 4; i++) expect(pool.pick()).toBe(b);
    expect(pool.ready()).toBe(true);
    // The retry of a request that failed on b goes to a even though a is marked failing.
    expect(pool.pick(b)).toBe(a);
    pool.markFailing(b, 'ECONNRESET');
    expect(pool.ready()).toBe(false);
    // Every replica failing: still one to try (a 502 after a try beats one without).
    expect([a, b]).toContain(pool.pick());
    pool.close();
  });
});

describe('upstream pool: background probes', () => {
  const open: Array<FakeService | UpstreamPool> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('a replica whose /readyz answers 503 (draining) is left out until it is ready again', async () => {
    let draining = false;
    const replica = await startFakeService('identity', (req, res) => {
      res.writeHead(req.url === '/readyz' && draining ? 503 : 200).end('{}');
    });
    open.push(replica);
    const pool = createUpstreamPool([replica.url], { probeIntervalMs: 100, probeTimeoutMs: 500 });
    open.push(pool);
    await pool.firstProbe;
    expect(pool.ready()).toBe(true);
    draining = true;
    await waitFor(() => !pool.ready(), { message: 'the draining replica left out' });
    expect(pool.members[0]!.problem).toBe('/readyz answered 503');
    draining = false;
    await waitFor(() => pool.ready(), { message: 'the replica back in' });
  });

  it('the first round of probes finds a dead replica, and a timeout counts as a failure', async () => {
    const hanging = await startFakeService('identity', () => undefined);
    open.push(hanging);
    const pool = createUpstreamPool([await deadUrl(), hanging.url], {
      probeIntervalMs: 60_000,
      probeTimeoutMs: 200,
    });
    open.push(pool);
    await pool.firstProbe;
    expect(pool.ready()).toBe(false);
    expect(pool.members.map((m) => m.problem)).toEqual(['ECONNREFUSED', 'timed out']);
  });
});

describe('the gateway with several addresses per service', () => {
  const open: Array<FakeService | TestGateway> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('spreads requests over the replicas, and a dead one costs no failed GET', async () => {
    const a = await startFakeService('identity');
    const b = await startFakeService('identity');
    open.push(a, b);
    const dead = await deadUrl();
    const gw = await startGateway({
      identity: `${a.url},${dead},${b.url}`,
      billing: dead,
      access: dead,
      support: dead,
    });
    open.push(gw);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(`${gw.url}/api/user`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(a.seen.some((r) => r.url === '/api/user')).toBe(true);
    expect(b.seen.some((r) => r.url === '/api/user')).toBe(true);
  });
});
