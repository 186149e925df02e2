import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { collectWhenIdle, idleGcPolicy, isTraffic } from './idle-gc.js';

describe('idle garbage collection', () => {
  it('is due once after a busy spell, when it has been quiet long enough', () => {
    const policy = idleGcPolicy(10_000);
    expect(policy.due(50_000)).toBe(false); // never busy: nothing to collect
    policy.request(60_000);
    policy.request(61_000);
    expect(policy.due(70_000)).toBe(false); // 9 s since the last request
    expect(policy.due(71_000)).toBe(true);
    expect(policy.due(90_000)).toBe(false); // already collected after that spell
    policy.request(95_000);
    expect(policy.due(105_000)).toBe(true);
  });

  it('does not count health probes as traffic', () => {
    expect(isTraffic('/readyz')).toBe(false);
    expect(isTraffic('/healthz?x=1')).toBe(false);
    expect(isTraffic('/api/user')).toBe(true);
    expect(isTraffic('/api/readyz')).toBe(true);
  });

  it('stops listening to the server when stopped', () => {
    const server = createServer();
    const stop = collectWhenIdle(server, 1_000);
    expect(server.listenerCount('request')).toBe(1);
    stop();
    expect(server.listenerCount('request')).toBe(0);
  });
});
