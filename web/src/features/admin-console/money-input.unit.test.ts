import { describe, expect, it } from 'vitest';
import { dollarsText, parseDollars } from './money-input';

describe('prices typed in dollars', () => {
  it.each([
    ['9.99', 999],
    ['9,99', 999],
    ['$12', 1200],
    [' 0.5 ', 50],
    ['999.00', 99_900],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '9.999', '-1', '1e3', '9.9.9'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it('shows cents back as dollars with two decimals', () => {
    expect(dollarsText(999)).toBe('9.99');
    expect(dollarsText(1200)).toBe('12.00');
  });
});
