import { describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import { BcryptBusyError, BcryptPool } from './bcrypt-pool.js';

describe('BcryptPool', () => {
  it('queues up to its bound and refuses beyond it, instead of piling up work', async () => {
    const pool = new BcryptPool({ workers: 1, maxQueue: 1 });
    try {
      const running = pool.run({ op: 'hash', password: 'a', cost: 10 });
      const queued = pool.run({ op: 'hash', password: 'b', cost: 10 });
      await expect(pool.run({ op: 'hash', password: 'c', cost: 10 })).rejects.toBeInstanceOf(
        BcryptBusyError,
      );
      const [a, b] = (await Promise.all([running, queued])) as string[];
      expect(a).toMatch(/^\$2b\$10\$/);
      expect(b).not.toBe(a);
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('reports bcrypt errors to the caller and keeps working', async () => {
    const pool = new BcryptPool({ workers: 1 });
    try {
      await expect(pool.run({ op: 'compare', password: 'a', hash: 'not a hash' })).resolves.toBe(
        false,
      );
      await expect(pool.run({ op: 'hash', password: 123 as never, cost: 4 })).rejects.toThrow(
        /Illegal/,
      );
      expect(await pool.run({ op: 'hash', password: 'a', cost: 4 })).toMatch(/^\$2b\$04\$/);
    } finally {
      await pool.close();
    }
  });

  it('refuses work once closed', async () => {
    const pool = new BcryptPool({ workers: 1 });
    await pool.close();
    await expect(pool.run({ op: 'hash', password: 'a', cost: 4 })).rejects.toThrow(/closed/);
  });

  it('stops workers left idle and starts them again on the next use', async () => {
    const pool = new BcryptPool({ workers: 2, idleMs: 50 });
    try {
      await Promise.all([
        pool.run({ op: 'hash', password: 'a', cost: 4 }),
        pool.run({ op: 'hash', password: 'b', cost: 4 }),
      ]);
      expect(pool.workers).toBe(2);
      await waitFor(() => pool.workers === 0, { message: 'idle workers stopped' });
      expect(await pool.run({ op: 'hash', password: 'c', cost: 4 })).toMatch(/^\$2b\$04\$/);
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
