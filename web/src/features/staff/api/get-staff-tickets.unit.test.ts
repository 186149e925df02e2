import { describe, expect, it } from 'vitest';
import { staffTicketsPath } from './get-staff-tickets';

describe('the staff list address', () => {
  it('carries only the filters that are set', () => {
    expect(staffTicketsPath({})).toBe('/api/support/staff/tickets');
    expect(staffTicketsPath({ status: 'open', q: '  ' })).toBe(
      '/api/support/staff/tickets?status=open',
    );
  });

  it('encodes the text search', () => {
    expect(
      staffTicketsPath({
        status: 'in_progress',
        priority: 'high',
        categoryId: 'payment',
        q: 'ana & co',
      }),
    ).toBe(
      '/api/support/staff/tickets?status=in_progress&priority=high&categoryId=payment&q=ana+%26+co',
    );
  });
});
