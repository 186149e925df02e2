import { describe, expect, it } from 'vitest';
import { changeFilters, readFilters } from './use-staff-filters';

describe('staff filters in the address', () => {
  it('reads the set filters, ignoring blanks and other parameters', () => {
    expect(readFilters(new URLSearchParams('status=open&q=%20%20&page=2'))).toEqual({
      status: 'open',
    });
  });

  it('changes one filter and keeps the others', () => {
    const current = new URLSearchParams('status=open&categoryId=payment');
    expect(changeFilters(current, { q: ' ana ' }).toString()).toBe(
      'status=open&categoryId=payment&q=ana',
    );
    expect(changeFilters(current, { status: undefined }).toString()).toBe('categoryId=payment');
  });

  it('clears every filter, keeping what is not a filter', () => {
    const current = new URLSearchParams('status=open&priority=high&q=x&tab=2');
    expect(changeFilters(current, null).toString()).toBe('tab=2');
  });
});
