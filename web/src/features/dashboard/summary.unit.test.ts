import type { DashboardResponse } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { amountToCents, dashboardStats, parseDate, paymentLabel, usesOf } from './summary';

const data: DashboardResponse = {
  user: { name: 'Ana' },
  availableProducts: [
    { id: 'a', name: 'A', description: '', price: 9.99, purchased: true },
    { id: 'b', name: 'B', description: '', price: 9.99, purchased: false },
    { id: 'c', name: 'C', description: '', price: 9.99, purchased: true },
  ],
  purchasedGpts: [
    { modelId: 'a', queriesUsed: 4, lastAccessed: null },
    { modelId: 'c', queriesUsed: 3, lastAccessed: '2026-01-02T10:00:00.000Z' },
  ],
  payments: [
    { id: '1', createdAt: '2026-01-01', description: 'A', amount: '9.99', status: 'succeeded' },
    { id: '2', createdAt: '2026-01-01', description: 'B', amount: '9.99', status: 'failed' },
    { id: '3', createdAt: '2026-01-01', description: 'C', amount: '65.00', status: 'succeeded' },
    { id: '4', createdAt: '2026-01-01', description: 'D', amount: '20.00', status: 'refunded' },
  ],
};

describe('dashboard summary', () => {
  it('counts owned tools, uses and what succeeded payments add up to', () => {
    expect(dashboardStats(data)).toEqual({ owned: 2, total: 3, uses: 7, investedCents: 7499 });
  });

  it('reads decimal amounts exactly, without float drift', () => {
    expect(amountToCents('9.99')).toBe(999);
    expect(amountToCents('0.1')).toBe(10);
    expect(amountToCents('65')).toBe(6500);
    expect(amountToCents('1234.56')).toBe(123456);
    expect(amountToCents('abc')).toBe(0);
  });

  it('labels payments as the spec does, with refunds told apart', () => {
    expect(paymentLabel('succeeded')).toBe('paid');
    expect(paymentLabel('refunded')).toBe('refunded');
    expect(paymentLabel('failed')).toBe('failed');
    expect(paymentLabel('pending')).toBe('failed');
  });

  it('finds the uses of a product, zero when never opened', () => {
    expect(usesOf(data, 'c')).toBe(3);
    expect(usesOf(data, 'b')).toBe(0);
  });

  it('reads dates, and nothing from garbage', () => {
    expect(parseDate('2026-01-02T10:00:00.000Z')?.getUTCDate()).toBe(2);
    expect(parseDate(null)).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
  });
});
