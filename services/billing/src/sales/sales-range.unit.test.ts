import { DomainError } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { bucketOf, dayRange, daysOf, MAX_RANGE_DAYS } from './sales-range.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code };
    throw error;
  }
  throw new Error('not refused');
};

describe('dayRange', () => {
  it('counts whole UTC days, both ends included', () => {
    const r = dayRange('2026-03-30', '2026-04-02');
    expect(r.days).toBe(4);
    expect(r.start.toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-04-03T00:00:00.000Z');
    expect(daysOf(r)).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02']);
  });

  it('one day is a range', () => {
    expect(daysOf(dayRange('2028-02-29', '2028-02-29'))).toEqual(['2028-02-29']);
  });

  it('refuses a day that does not exist', () => {
    expect(refusal(() => dayRange('2026-02-30', '2026-03-01'))).toEqual({
      kind: 'invalid',
      code: 'invalid_date',
    });
    expect(refusal(() => dayRange('2026-01-01', '2026-13-01')).code).toBe('invalid_date');
    expect(refusal(() => dayRange('26-01-01', '2026-01-02')).code).toBe('invalid_date');
    expect(refusal(() => dayRange('0000-01-01', '0000-01-02')).code).toBe('invalid_date');
  });

  it('takes the years 2000 to 2999 only', () => {
    expect(dayRange('2000-01-01', '2000-01-01').days).toBe(1);
    expect(dayRange('2999-12-31', '2999-12-31').end.toISOString()).toBe('3000-01-01T00:00:00.000Z');
    expect(refusal(() => dayRange('1999-12-31', '2000-01-01')).code).toBe('invalid_date');
    expect(refusal(() => dayRange('9999-12-01', '9999-12-31')).code).toBe('invalid_date');
  });

  it('refuses "from" after "to"', () => {
    expect(refusal(() => dayRange('2026-05-02', '2026-05-01')).code).toBe('invalid_range');
  });

  it('takes three years with a leap day, and refuses one day more', () => {
    expect(dayRange('2026-01-01', '2028-12-31').days).toBe(MAX_RANGE_DAYS);
    expect(refusal(() => dayRange('2026-01-01', '2029-01-01'))).toEqual({
      kind: 'invalid',
      code: 'range_too_long',
    });
  });
});

describe('bucketOf', () => {
  it('a day is its own point; a month is named by its first day', () => {
    expect(bucketOf('2026-03-17', 'day')).toBe('2026-03-17');
    expect(bucketOf('2026-03-17', 'month')).toBe('2026-03-01');
  });
});
