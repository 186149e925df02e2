import { describe, expect, it } from 'vitest';
import { cardFieldProblems, formatCardNumber, formatExpiry, parseExpiry } from './card-input';

describe('card input', () => {
  it('groups the number in fours and keeps at most 19 digits', () => {
    expect(formatCardNumber('4000000000000002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('adds the expiry slash while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('reads MM/YY and MM/YYYY, and nothing else', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('3/2031')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/34')).toBeNull();
    expect(parseExpiry('00/34')).toBeNull();
    expect(parseExpiry('1234')).toBeNull();
  });

  it('says which fields are missing or misshapen', () => {
    expect(cardFieldProblems({ number: '', expiry: '', cvc: '' })).toEqual({
      number: 'required',
      expiry: 'required',
      cvc: 'required',
    });
    expect(cardFieldProblems({ number: '4242', expiry: '14/30', cvc: '12' })).toEqual({
      number: 'invalidNumber',
      expiry: 'invalidExpiry',
      cvc: 'invalidCvc',
    });
    expect(
      cardFieldProblems({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    ).toEqual({});
  });
});
