import { afterAll, describe, expect, it } from 'vitest';
import {
  BCRYPT_MAX_BYTES,
  PasswordTooLongError,
  bcryptCost,
  createPasswordHasher,
} from './hasher.js';

const hasher = createPasswordHasher({ cost: 10, workers: 2 });
afterAll(() => hasher.close());

describe('password hasher (bcryptjs in worker threads)', () => {
  it('hashes with the configured cost and verifies', async () => {
    const hash = await hasher.hash('k7#Qm2-salmo');
    expect(bcryptCost(hash)).toBe(10);
    expect(await hasher.verify('k7#Qm2-salmo', hash)).toBe(true);
    expect(await hasher.verify('k7#Qm2-salmO', hash)).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(hasher.needsRehash(hash.replace('$10$', '$11$'))).toBe(true);
  });

  it('refuses to hash a password bcrypt would truncate, instead of dropping its end', async () => {
    await expect(hasher.hash('a'.repeat(BCRYPT_MAX_BYTES + 1))).rejects.toBeInstanceOf(
      PasswordTooLongError,
    );
    const hash = await hasher.hash('a'.repeat(BCRYPT_MAX_BYTES));
    // bcrypt alone would accept this longer password for the 72-byte one.
    expect(await hasher.verify('a'.repeat(BCRYPT_MAX_BYTES) + 'anything', hash)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hasher.hash('contrase\u00f1a-de-Ana');
    expect(await hasher.verify('contrasen\u0303a-de-Ana', hash)).toBe(true);
  });

  it('spends a real comparison on unknown accounts, as long as on a wrong password', async () => {
    const hash = await hasher.hash('k7#Qm2-salmo');
    await hasher.warmUp();
    const time = async (fn: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await fn()).toBe(false);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 6; i++) {
      unknown.push(await time(() => hasher.verify('guess-123', null)));
      wrong.push(await time(() => hasher.verify('guess-123', hash)));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Loose bounds: on two cores shared with other test files one sample can take twice as long;
    // what matters is that an unknown account is never answered without a real comparison.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2);
    expect(median(unknown)).toBeGreaterThan(20);
  });

  it('keeps the event loop free while hashing', async () => {
    // Event-loop utilisation is the share of wall time the loop spent running code rather than
    // waiting: ~1 if bcrypt ran on this thread, low when it runs in workers, even on a busy CPU.
    const before = performance.eventLoopUtilization();
    await Promise.all([hasher.hash('k7#Qm2-a'), hasher.hash('k7#Qm2-b'), hasher.hash('k7#Qm2-c')]);
    const { utilization } = performance.eventLoopUtilization(before);
    expect(utilization).toBeLessThan(0.3);
  });
});
