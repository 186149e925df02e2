import type { SalesMetricsResponse } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  exportLinks,
  rangeProblem,
  rangeQuery,
  seriesLabel,
  seriesPoints,
  topToolRows,
  yearRange,
} from './sales-format';

const metrics: SalesMetricsResponse = {
  revenue: { grossCents: 3000, refundedCents: 500, disputedCents: 0, netCents: 2500 },
  mrrCents: 999,
  activePlans: { monthly: 1, annual: 0 },
  newCustomers: 2,
  trials: { started: 4, converted: 1, conversionRate: 0.25 },
  disputes: { open: 0, won: 0, lost: 0 },
  topTools: [
    { productId: 'a', sales: 1, revenueCents: 500, uses: 9 },
    { productId: 'b', sales: 3, revenueCents: 2500, uses: 2 },
    { productId: 'gone', sales: 1, revenueCents: 500, uses: 0 },
  ],
  series: [
    { date: '2026-11-24', grossCents: 1000, refundedCents: 0, newCustomers: 1, uses: 3 },
    { date: '2026-11-25', grossCents: 2000, refundedCents: 500, newCustomers: 1, uses: 8 },
  ],
};

describe('the sales view’s period', () => {
  const now = new Date('2026-11-25T23:30:00Z');

  it('starts at the last 30 days by day, or the last 12 months by month', () => {
    expect(defaultRange(now)).toEqual({ from: '2026-10-27', to: '2026-11-25', interval: 'day' });
    expect(yearRange(now)).toEqual({ from: '2025-12-01', to: '2026-11-25', interval: 'month' });
  });

  it('is asked for only when both dates are there and in order', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-25', interval: 'day' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-25', interval: 'day' })).toBe('incomplete');
    expect(rangeProblem({ from: '2026-11-26', to: '2026-11-25', interval: 'day' })).toBe(
      'reversed',
    );
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-25', interval: 'month' })).toBe(
      'from=2026-11-01&to=2026-11-25&interval=month',
    );
  });

  it('links the exports, the payments for the period', () => {
    expect(exportLinks({ from: '2026-11-01', to: '2026-11-25', interval: 'day' })).toEqual({
      payments: '/api/admin/exports/payments.csv?from=2026-11-01&to=2026-11-25',
      customers: '/api/admin/exports/customers.csv',
    });
  });
});

describe('chart data', () => {
  it('labels days and months as UTC dates, whatever the browser’s zone', () => {
    expect(seriesLabel('2026-11-01', 'day', 'en-US')).toBe('Nov 1');
    expect(seriesLabel('2026-11', 'month', 'en-US')).toBe('Nov 2026');
    expect(seriesLabel('2026-11-01', 'month', 'es-US')).toMatch(/^nov\.? 2026$/);
  });

  it('draws money in dollars and keeps the counts', () => {
    expect(seriesPoints(metrics, 'day', 'en-US')[1]).toEqual({
      label: 'Nov 25',
      date: '2026-11-25',
      gross: 20,
      refunded: 5,
      newCustomers: 1,
      uses: 8,
    });
  });

  it('ranks the tools by revenue, then sales, named for people, an unknown id as it is', () => {
    const rows = topToolRows(metrics, (id) => ({ a: 'Alfa', b: 'Beta' })[id]);
    expect(rows.map((row) => row.name)).toEqual(['Beta', 'Alfa', 'gone']);
    expect(topToolRows(metrics, () => undefined, 1)).toHaveLength(1);
  });
});
