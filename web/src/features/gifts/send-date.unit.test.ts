import { describe, expect, it } from 'vitest';
import { localDay, sendAtFor, sendDateBounds } from './send-date';

const now = new Date(2026, 10, 26, 15, 30);

describe("a gift's send date", () => {
  it('sends at once without a day or for today', () => {
    expect(sendAtFor('', now)).toBeUndefined();
    expect(sendAtFor(localDay(now), now)).toBeUndefined();
  });

  it('sends on a later day at 9:00 local time', () => {
    const at = sendAtFor('2026-12-24', now);
    expect(at).toBe(new Date(2026, 11, 24, 9).toISOString());
  });

  it('refuses the past and days beyond the limit', () => {
    expect(sendAtFor('2026-11-25', now)).toBe('invalid');
    expect(sendAtFor('2028-01-01', now)).toBe('invalid');
    expect(sendAtFor(sendDateBounds(now).max, now)).not.toBe('invalid');
    expect(sendAtFor('mañana', now)).toBe('invalid');
  });
});
