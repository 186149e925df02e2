import { describe, expect, it } from 'vitest';
import { nextProbeState, type ProbeState } from './probe-state.js';
import { rowStatus, rowUp, type Component, type ComponentHealth } from './rows.js';

const t = (s: number) => new Date(Date.UTC(2026, 2, 10, 12, 0, s));
const health = (entries: Array<[Component, boolean]>, at = t(10)) =>
  new Map<Component, ComponentHealth>(entries.map(([c, up]) => [c, { up, checkedAt: at }]));

describe('status rows', () => {
  it('payments is down when billing or the payment provider is', () => {
    expect(
      rowUp(
        'payments',
        health([
          ['billing', false],
          ['payment-provider', true],
        ]),
        t(0),
      ),
    ).toBe(false);
    expect(
      rowUp(
        'payments',
        health([
          ['billing', true],
          ['payment-provider', false],
        ]),
        t(0),
      ),
    ).toBe(false);
    expect(
      rowUp(
        'payments',
        health([
          ['billing', true],
          ['payment-provider', true],
        ]),
        t(0),
      ),
    ).toBe(true);
  });

  it('the dashboard needs access and identity; GPT access only access', () => {
    const h = health([
      ['identity', false],
      ['access', true],
    ]);
    expect(rowUp('dashboard', h, t(0))).toBe(false);
    expect(rowUp('gpt-access', h, t(0))).toBe(true);
  });

  it('knows nothing of a row whose components nobody probes or whose round is stale', () => {
    expect(rowUp('website', health([['billing', false]]), t(0))).toBeNull();
    expect(rowUp('payments', health([['billing', false]], t(1)), t(5))).toBeNull();
  });

  it('failing probes or an open incident make an incident; a maintenance names its rows', () => {
    const maintenance = { type: 'maintenance' as const, services: ['payments'] };
    expect(rowStatus('payments', true, [maintenance])).toBe('maintenance');
    expect(rowStatus('payments', false, [maintenance])).toBe('incident');
    expect(rowStatus('website', true, [maintenance])).toBe('operational');
    expect(rowStatus('website', null, [{ type: 'incident', services: ['website'] }])).toBe(
      'incident',
    );
    expect(rowStatus('website', null, [])).toBe('operational');
  });
});

describe('probe state', () => {
  const fail = { ok: false as const, problem: 'ECONNREFUSED' };
  const fold = (results: Array<{ ok: true } | typeof fail>) =>
    results.reduce<ProbeState | undefined>(
      (state, result, i) => nextProbeState(state, result, t(i * 5), 2),
      undefined,
    );

  it('goes down after two failed rounds in a row, not one', () => {
    expect(fold([{ ok: true }, fail])?.up).toBe(true);
    const down = fold([{ ok: true }, fail, fail]);
    expect(down).toMatchObject({ up: false, consecutiveFailures: 2, problem: 'ECONNREFUSED' });
    expect(down?.since).toEqual(t(10));
  });

  it('a success in between starts the count again; the first success brings it back up', () => {
    expect(fold([fail, { ok: true }, fail])?.up).toBe(true);
    const back = fold([fail, fail, { ok: true }]);
    expect(back).toMatchObject({ up: true, consecutiveFailures: 0, problem: null });
    expect(back?.since).toEqual(t(10));
  });
});
