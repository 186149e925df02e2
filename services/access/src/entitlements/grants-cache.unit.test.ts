import type { ReadStreamOptions, StoredEvent } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { createGrantsCache } from './grants-cache.js';

const USER = '00000000-0000-4000-8000-000000000001';

const granted = (version: number, productId: string): StoredEvent =>
  ({
    id: `e${version}`,
    type: 'AccessGranted',
    version: 1,
    streamId: `entitlements-${USER}`,
    streamVersion: version,
    data: {
      userId: USER,
      grantId: `admin:${productId}`,
      scope: productId,
      source: { kind: 'admin', ref: productId },
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: null,
    },
  }) as unknown as StoredEvent;

/** A stream in memory that records what each call asked for. */
function fakeStream(events: StoredEvent[]) {
  const reads: number[] = [];
  const readStream = async (_streamId: string, options?: ReadStreamOptions) => {
    const after = options?.afterVersion ?? 0;
    reads.push(after);
    return events.filter((e) => e.streamVersion > after);
  };
  return { events, reads, readStream };
}

const scopes = (grants: { scope: string }[]) => grants.map((g) => g.scope).sort();

describe('the grants cache', () => {
  it('folds on from the version it read last, and reads nothing when the caller saw that version', async () => {
    const stream = fakeStream([granted(1, 'apocalipsis')]);
    const cache = createGrantsCache(stream.readStream);
    expect(scopes(await cache.grants(USER))).toEqual(['apocalipsis']);
    expect(scopes(await cache.grants(USER, 1))).toEqual(['apocalipsis']);
    stream.events.push(granted(2, 'cantar-cantares'));
    expect(scopes(await cache.grants(USER, 2))).toEqual(['apocalipsis', 'cantar-cantares']);
    expect(scopes(await cache.grants(USER))).toEqual(['apocalipsis', 'cantar-cantares']);
    // The first read from the start, the second version-1 call none, then only what came after.
    expect(stream.reads).toEqual([0, 1, 2]);
  });

  it('keeps at most its limit of users, dropping the least recently asked for', async () => {
    const stream = fakeStream([granted(1, 'apocalipsis')]);
    const cache = createGrantsCache(stream.readStream, 1);
    await cache.grants(USER);
    await cache.grants('someone-else');
    await cache.grants(USER, 1);
    // USER was dropped for the other user: read again from the start.
    expect(stream.reads).toEqual([0, 0, 0]);
  });
});
