import type { StoredEvent } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { hourOf, latestHours } from './usage-alert-counts.js';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

const use = (userId: string, at: string, via = 'gpt_action', version = 1) =>
  ({
    type: 'GptOpened',
    version,
    data: { userId, productId: 'apocalipsis', via, at, ...(version > 1 ? { auth: 'oauth' } : {}) },
  }) as unknown as StoredEvent;
const denial = (userId: string, at: string) =>
  ({
    type: 'GptAccessDenied',
    data: { userId, productId: 'apocalipsis', via: 'mcp', reason: 'no_access', at },
  }) as unknown as StoredEvent;

describe('usage alert counts', () => {
  it('given uses and refusals through the GPT API, counts each user’s latest hour', () => {
    const latest = latestHours([
      use(ANA, '2026-11-25T09:59:59.000Z'),
      use(ANA, '2026-11-25T10:00:00.000Z'),
      denial(ANA, '2026-11-25T10:30:00.000Z'),
      // Stamped before the hour turned, stored after: counts for its own (older) hour, not this.
      use(ANA, '2026-11-25T09:58:00.000Z'),
      use(BEN, '2026-11-25T10:05:00.000Z', 'mcp'),
    ]);
    expect(Object.fromEntries(latest)).toEqual({
      [ANA]: { hour: Date.parse('2026-11-25T10:00:00.000Z'), verifications: 2 },
      [BEN]: { hour: Date.parse('2026-11-25T10:00:00.000Z'), verifications: 1 },
    });
  });

  it('given a use stored as v2 and its v1 twin, counts one verification', () => {
    const latest = latestHours([
      use(ANA, '2026-11-25T10:00:00.000Z', 'mcp', 2),
      use(ANA, '2026-11-25T10:00:00.000Z', 'mcp'),
    ]);
    expect(latest.get(ANA)).toEqual({
      hour: Date.parse('2026-11-25T10:00:00.000Z'),
      verifications: 1,
    });
  });

  it('given opens from the dashboard, counts nothing', () => {
    expect(latestHours([use(ANA, '2026-11-25T10:00:00.000Z', 'dashboard')]).size).toBe(0);
  });

  it('puts an instant in its clock hour', () => {
    expect(hourOf(new Date('2026-11-25T10:59:59.999Z')).toISOString()).toBe(
      '2026-11-25T10:00:00.000Z',
    );
  });
});
