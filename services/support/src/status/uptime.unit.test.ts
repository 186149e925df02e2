import { describe, expect, it } from 'vitest';
import { uptimeDays, utcDay } from './uptime.js';

describe('uptime days', () => {
  const today = new Date('2026-03-10T23:59:00.000Z');

  it('lists 90 UTC days ending today, with up/rounds or null for a day without probes', () => {
    const days = uptimeDays(
      [
        { day: utcDay(today), checks: 4, up: 3 },
        { day: new Date('2026-03-08T00:00:00.000Z'), checks: 10, up: 10 },
        // Older than the window: left out.
        { day: new Date('2025-12-01T00:00:00.000Z'), checks: 1, up: 0 },
      ],
      today,
      90,
    );
    expect(days).toHaveLength(90);
    expect(days[0]?.date).toBe('2025-12-11');
    expect(days.at(-1)).toEqual({ date: '2026-03-10', availability: 0.75 });
    expect(days.at(-3)).toEqual({ date: '2026-03-08', availability: 1 });
    expect(days.at(-2)?.availability).toBeNull();
    expect(days.filter((d) => d.availability !== null)).toHaveLength(2);
  });
});
