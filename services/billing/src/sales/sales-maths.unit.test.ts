import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  recurringRevenue,
  revenue,
  salesSeries,
  seriesTotals,
  topTools,
} from './sales-maths.js';
import { dayRange } from './sales-range.js';

describe('salesSeries', () => {
  it('given facts on some days, when charted by day, then every day is there, zero if quiet', () => {
    const series = salesSeries(dayRange('2026-03-01', '2026-03-04'), 'day', [
      { day: '2026-03-02', grossCents: 1900, newCustomers: 1 },
      { day: '2026-03-02', refundedCents: 500 },
      { day: '2026-03-04', uses: 3 },
    ]);
    expect(series).toEqual([
      { date: '2026-03-01', grossCents: 0, refundedCents: 0, newCustomers: 0, uses: 0 },
      { date: '2026-03-02', grossCents: 1900, refundedCents: 500, newCustomers: 1, uses: 0 },
      { date: '2026-03-03', grossCents: 0, refundedCents: 0, newCustomers: 0, uses: 0 },
      { date: '2026-03-04', grossCents: 0, refundedCents: 0, newCustomers: 0, uses: 3 },
    ]);
  });

  it('given a range across months, when charted by month, then each month sums its days', () => {
    const series = salesSeries(dayRange('2026-01-30', '2026-03-02'), 'month', [
      { day: '2026-01-31', grossCents: 100 },
      { day: '2026-02-01', grossCents: 200 },
      { day: '2026-02-28', grossCents: 300, uses: 1 },
    ]);
    expect(series.map((p) => [p.date, p.grossCents, p.uses])).toEqual([
      ['2026-01-01', 100, 0],
      ['2026-02-01', 500, 1],
      ['2026-03-01', 0, 0],
    ]);
  });

  it('ignores a fact outside the range', () => {
    const series = salesSeries(dayRange('2026-03-01', '2026-03-01'), 'day', [
      { day: '2026-03-02', grossCents: 1 },
    ]);
    expect(seriesTotals(series).grossCents).toBe(0);
  });

  it('totals add the points up', () => {
    const series = salesSeries(dayRange('2026-03-01', '2026-03-02'), 'day', [
      { day: '2026-03-01', grossCents: 1900, refundedCents: 100, newCustomers: 1, uses: 2 },
      { day: '2026-03-02', grossCents: 900, newCustomers: 2, uses: 1 },
    ]);
    expect(seriesTotals(series)).toEqual({
      grossCents: 2800,
      refundedCents: 100,
      newCustomers: 3,
      uses: 3,
    });
  });
});

describe('revenue', () => {
  it('net is gross less refunds and lost disputes', () => {
    expect(revenue(10_000, 1_900, 2_900)).toEqual({
      grossCents: 10_000,
      refundedCents: 1_900,
      disputedCents: 2_900,
      netCents: 5_200,
    });
  });

  it('net can go below zero when old sales are refunded', () => {
    expect(revenue(0, 1_900, 0).netCents).toBe(-1_900);
  });
});

describe('conversionRate', () => {
  it('is a share with four decimals, zero when no trial started', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 1)).toBe(0.3333);
    expect(conversionRate(4, 4)).toBe(1);
  });
});

describe('recurringRevenue', () => {
  it('counts monthly plans whole and annual ones over twelve months, rounded once', () => {
    expect(
      recurringRevenue([
        { plan: 'monthly', amountCents: 2900 },
        { plan: 'monthly', amountCents: 1450 },
        { plan: 'annual', amountCents: 29_900 },
        { plan: 'annual', amountCents: 29_900 },
      ]),
    ).toEqual({
      mrrCents: 2900 + 1450 + Math.round(59_800 / 12),
      activePlans: { monthly: 2, annual: 2 },
    });
  });

  it('is zero without plans', () => {
    expect(recurringRevenue([])).toEqual({ mrrCents: 0, activePlans: { monthly: 0, annual: 0 } });
  });
});

describe('topTools', () => {
  it('joins sales and uses, ranks by revenue, then sales, uses and id, and keeps the first ones', () => {
    const top = topTools(
      [
        { productId: 'b', sales: 1, revenueCents: 1900 },
        { productId: 'a', sales: 2, revenueCents: 1900 },
        { productId: 'c', sales: 1, revenueCents: 4900 },
      ],
      [
        { productId: 'a', uses: 5 },
        { productId: 'z', uses: 9 },
        { productId: 'y', uses: 9 },
      ],
      4,
    );
    expect(top).toEqual([
      { productId: 'c', sales: 1, revenueCents: 4900, uses: 0 },
      { productId: 'a', sales: 2, revenueCents: 1900, uses: 5 },
      { productId: 'b', sales: 1, revenueCents: 1900, uses: 0 },
      { productId: 'y', sales: 0, revenueCents: 0, uses: 9 },
    ]);
  });
});
