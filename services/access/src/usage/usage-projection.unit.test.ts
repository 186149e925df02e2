import { randomUUID } from 'node:crypto';
import { GptOpenedV1 } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { tallyUses } from './usage-projection.js';

const use = (userId: string, productId: string, at: string, version = 1) => ({
  type: GptOpenedV1.type,
  version,
  data: { userId, productId, via: 'gpt_action', at, ...(version > 1 ? { auth: 'code' } : {}) },
});

describe('tallyUses', () => {
  it('given uses of several tools, when tallied, counts each (user, tool) and keeps its latest use', () => {
    const [ana, luis] = [randomUUID(), randomUUID()];
    const tallies = tallyUses([
      use(ana, 'apocalipsis', '2026-11-02T10:00:00.000Z'),
      use(luis, 'apocalipsis', '2026-11-02T09:00:00.000Z'),
      // Stored later, happened earlier: the latest stays.
      use(ana, 'apocalipsis', '2026-11-01T10:00:00.000Z'),
      use(ana, 'sermones', '2026-11-03T10:00:00.000Z'),
      use(ana, 'apocalipsis', '2026-11-04T10:00:00.000Z'),
    ]);
    expect(tallies).toEqual([
      { userId: ana, productId: 'apocalipsis', uses: 3, last: '2026-11-04T10:00:00.000Z' },
      { userId: luis, productId: 'apocalipsis', uses: 1, last: '2026-11-02T09:00:00.000Z' },
      { userId: ana, productId: 'sermones', uses: 1, last: '2026-11-03T10:00:00.000Z' },
    ]);
  });

  it('given a GPT use stored as v2 and its v1 twin, when tallied, counts it once', () => {
    const ana = randomUUID();
    const at = '2026-11-02T10:00:00.000Z';
    expect(tallyUses([use(ana, 'apocalipsis', at, 2), use(ana, 'apocalipsis', at)])).toEqual([
      { userId: ana, productId: 'apocalipsis', uses: 1, last: at },
    ]);
  });

  it('given a malformed use, when tallied, refuses it (a projection never guesses)', () => {
    expect(() =>
      tallyUses([use('not-a-uuid', 'apocalipsis', '2026-11-02T10:00:00.000Z')]),
    ).toThrow();
  });
});
