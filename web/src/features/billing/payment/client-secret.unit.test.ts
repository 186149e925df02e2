import { describe, expect, it } from 'vitest';
import { intentIdFromClientSecret, intentKindOf } from './client-secret';

describe('client secrets', () => {
  it('name their intent before `_secret_`', () => {
    expect(
      intentIdFromClientSecret('pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH'),
    ).toBe('pi_3MtwBwLkdIwHu7ix28a3tqPa');
    expect(
      intentKindOf('seti_1Mm8s8LkdIwHu7ix0OXBfTRG_secret_NXDICkPqPeiBTAFqWmkbff09lRmSVXe'),
    ).toBe('setup');
    expect(intentKindOf('pi_1_secret_2')).toBe('payment');
  });

  it.each(['', 'pi_123', '_secret_abc', 'cus_1_secret_2', 'pi_1 2_secret_3'])(
    'refuses %j',
    (secret) => {
      expect(() => intentIdFromClientSecret(secret)).toThrow('client secret');
    },
  );
});
