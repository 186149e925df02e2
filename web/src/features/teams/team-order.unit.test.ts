import { describe, expect, it } from 'vitest';
import { seatsProblem, teamTotalCents } from './team-order';

describe('a team order', () => {
  it('takes 2 to 200 whole seats', () => {
    expect(seatsProblem('2')).toBe(false);
    expect(seatsProblem('200')).toBe(false);
    for (const text of ['1', '201', '2.5', '', 'diez', '-3']) expect(seatsProblem(text)).toBe(true);
  });

  it('totals seats × the plan price, and nothing for an invalid count', () => {
    expect(teamTotalCents(1999, 5)).toBe(9995);
    expect(teamTotalCents(1999, 1)).toBeUndefined();
    expect(teamTotalCents(1999, Number.NaN)).toBeUndefined();
  });
});
