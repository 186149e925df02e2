import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast-store';
import { TOOLTIP_DELAY_MS } from './tooltip';

describe('notification timings (spec section 9)', () => {
  it('opens tooltips after 700 ms and keeps one toast, removed 1,000,000 ms after dismissal', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
