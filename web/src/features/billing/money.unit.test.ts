import { describe, expect, it } from 'vitest';
import { amountStringToCents } from './money';

describe('amounts', () => {
  it('turn the API’s decimal strings into cents exactly', () => {
    expect(amountStringToCents('9.99')).toBe(999);
    expect(amountStringToCents('65.00')).toBe(6500);
    expect(amountStringToCents('0.07')).toBe(7);
  });

  it('count anything else as nothing', () => {
    expect(amountStringToCents('9.9')).toBe(0);
    expect(amountStringToCents('-1.00')).toBe(0);
  });
});
