import { describe, expect, it } from 'vitest';
import { usageAlertDue } from './usage-alert-rule.js';

describe('usage alert rule', () => {
  it('given alerts on, alerts on the use that passes the threshold and on no other', () => {
    expect([49, 50, 51, 52, 200].map((hits) => usageAlertDue(hits, 50, true))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('given alerts off, never alerts', () => {
    expect(usageAlertDue(51, 50, false)).toBe(false);
  });
});
