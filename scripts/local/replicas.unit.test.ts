import { describe, expect, it } from 'vitest';
import { MAX_REPLICAS, processKey, replicasOf } from './replicas.js';

describe('REPLICAS_<SERVICE>', () => {
  it('runs one process of each service unless told otherwise', () => {
    expect(replicasOf({ REPLICAS_BILLING: '2', REPLICAS_SUPPORT: ' 3 ' })).toEqual({
      identity: 1,
      billing: 2,
      access: 1,
      support: 3,
    });
  });

  it.each(['0', '-1', '1.5', 'two', String(MAX_REPLICAS + 1)])('refuses "%s"', (value) => {
    expect(() => replicasOf({ REPLICAS_ACCESS: value })).toThrow(/REPLICAS_ACCESS/);
  });

  it('names the first replica after its service and numbers the others', () => {
    expect(processKey('billing', 1)).toBe('billing');
    expect(processKey('billing', 2)).toBe('billing-2');
  });
});
