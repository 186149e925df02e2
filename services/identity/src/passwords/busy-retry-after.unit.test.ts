import { expect, it } from 'vitest';
import { BcryptBusyError } from './bcrypt-pool.js';
import { busyRetryAfterSeconds } from './busy-retry-after.js';

it('asks a refused client to come back once the expected wait has passed, never at once', () => {
  const busy = (ms: number) => busyRetryAfterSeconds(new BcryptBusyError('busy', ms));
  expect(busy(20_400)).toBe(21);
  expect(busy(1_000)).toBe(1);
  expect(busy(0)).toBe(1);
});
