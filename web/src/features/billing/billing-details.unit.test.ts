import { describe, expect, it } from 'vitest';
import { billingProblems } from './billing-details';

const filled = {
  email: 'ana@example.org',
  firstName: 'Ana',
  lastName: 'Ruiz',
  address: 'Calle Sol 1',
  city: 'San Juan',
  zip: '00901',
};

describe('billing details', () => {
  it('accepts a complete form', () => {
    expect(billingProblems(filled)).toEqual({});
  });

  it('requires every field, blank counting as missing', () => {
    const empty = { email: '', firstName: ' ', lastName: '', address: '', city: '', zip: '' };
    expect(billingProblems(empty)).toEqual({
      email: 'required',
      firstName: 'required',
      lastName: 'required',
      address: 'required',
      city: 'required',
      zip: 'required',
    });
  });

  it('wants an e-mail shaped like one', () => {
    expect(billingProblems({ ...filled, email: 'ana@' })).toEqual({ email: 'invalidEmail' });
  });
});
