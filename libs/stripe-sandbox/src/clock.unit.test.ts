import { describe, expect, it } from 'vitest';
import { addIntervals, createClock, DAY } from './clock.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('sandbox clock', () => {
  it('starts where asked and runs with the wall clock', () => {
    let wall = Date.parse('2030-01-01T00:00:00Z');
    const clock = createClock(new Date('2026-11-23T10:00:00Z'), () => wall);
    expect(iso(clock.now())).toBe('2026-11-23T10:00:00.000Z');
    wall += 5_000;
    expect(iso(clock.now())).toBe('2026-11-23T10:00:05.000Z');
  });

  it('moves forward, never back', () => {
    const clock = createClock(at('2026-11-23T00:00:00Z'), () => 0);
    clock.moveTo(at('2026-12-01T00:00:00Z'));
    expect(iso(clock.now())).toBe('2026-12-01T00:00:00.000Z');
    clock.moveTo(at('2026-11-30T00:00:00Z'));
    expect(iso(clock.now())).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('billing intervals', () => {
  it('adds calendar months, clamped to the end of short months', () => {
    const jan31 = at('2027-01-31T12:00:00Z');
    expect(iso(addIntervals(jan31, 'month', 1))).toBe('2027-02-28T12:00:00.000Z');
    expect(iso(addIntervals(jan31, 'month', 2))).toBe('2027-03-31T12:00:00.000Z');
    expect(iso(addIntervals(at('2028-01-31T00:00:00Z'), 'month', 1))).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('adds years, days and weeks', () => {
    expect(iso(addIntervals(at('2028-02-29T00:00:00Z'), 'year', 1))).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(iso(addIntervals(at('2026-12-31T00:00:00Z'), 'month', 1))).toBe(
      '2027-01-31T00:00:00.000Z',
    );
    expect(addIntervals(1000, 'day', 3)).toBe(1000 + 3 * DAY);
    expect(addIntervals(1000, 'week', 2)).toBe(1000 + 14 * DAY);
  });
});
