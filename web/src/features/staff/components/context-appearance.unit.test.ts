import { describe, expect, it } from 'vitest';
import { paymentStatusVariant, toCents } from './context-appearance';

describe('customer context', () => {
  it('reads decimal amounts as cents without floating-point drift', () => {
    expect(toCents('9.99')).toBe(999);
    expect(toCents('0.29')).toBe(29);
    expect(toCents('65.00')).toBe(6500);
    expect(toCents('1234.50')).toBe(123450);
  });

  it('makes failed and disputed payments stand out', () => {
    expect(paymentStatusVariant.failed).toBe('danger');
    expect(paymentStatusVariant.disputed).toBe('danger');
    expect(paymentStatusVariant.succeeded).toBe('success');
  });
});
