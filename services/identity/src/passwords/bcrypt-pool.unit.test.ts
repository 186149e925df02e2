import { describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import { BcryptBusyError, BcryptPool } from './bcrypt-pool.js';

describe('BcryptPool', () => {
  // A fixed clock: no task ever counts as overdue, so only the expected wait decides.
  const frozen = () => 0;
  const hash = (pool: BcryptPool, password: string, cost = 4) =>
    pool.run({ op: 'hash', password, cost });

  it('serves a burst far past the old 64-task queue when it fits the wait budget', async () => {
    // 199 tasks ahead x 100 ms on one worker = 19.9 s, within 20 s.
    const pool = new BcryptPool({ workers: 1, initialTaskMs: 100, maxWaitMs: 20_000, now: frozen });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => hash(pool, `p${i}`)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuses only the tasks of a burst that would wait past the budget', async () => {
    // Two workers at 100 ms: task n waits n / 2 x 100 ms, so tasks 0-20 fit 1 s and 21+ do not.
    const pool = new BcryptPool({ workers: 2, initialTaskMs: 100, maxWaitMs: 1_000, now: frozen });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => hash(pool, `p${i}`)),
      );
      const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
      expect(refused).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29]);
      const first = results[21] as PromiseRejectedResult;
      expect(first.reason).toBeInstanceOf(BcryptBusyError);
      // What it was told to wait for: the 21 tasks ahead of it on two workers.
      expect((first.reason as BcryptBusyError).expectedWaitMs).toBe(1_050);
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuses, instead of running, tasks that have waited past the budget for a worker', async () => {
    let now = 0;
    const pool = new BcryptPool({ workers: 1, maxWaitMs: 1_000, now: () => now });
    try {
      const running = hash(pool, 'a');
      const late = [hash(pool, 'b'), hash(pool, 'c')];
      // The worker frees up only after the queued tasks' budget is spent.
      now = 1_001;
      expect(await running).toMatch(/^\$2b\$04\$/);
      for (const result of await Promise.allSettled(late)) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(BcryptBusyError);
      }
      // The pool itself goes on serving what arrives now.
      expect(await hash(pool, 'd')).toMatch(/^\$2b\$04\$/);
    } finally {
      await pool.close();
    }
  });

  it('admits by the measured task time, which follows the work both ways', async () => {
    // A guess of 5 s per task: only 3 tasks (0, 5 and 10 s of wait) fit a 10 s budget.
    const pool = new BcryptPool({
      workers: 1,
      initialTaskMs: 5_000,
      maxWaitMs: 10_000,
      now: frozen,
    });
    try {
      const first = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => hash(pool, `p${i}`)),
      );
      expect(first.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      // Measured cost-4 hashes take a few ms: now a burst of 100 fits the same budget.
      expect(pool.averageTaskMs).toBeLessThan(50);
      const burst = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => hash(pool, `q${i}`)),
      );
      expect(burst.filter((r) => r.status === 'rejected')).toEqual([]);
      const fast = pool.averageTaskMs;
      // 64 times the rounds (cost 10): the average climbs towards the slower tasks.
      for (let i = 0; i < 3; i++) await hash(pool, `r${i}`, 10);
      expect(pool.averageTaskMs).toBeGreaterThan(fast * 5);
    } finally {
      await pool.close();
    }
  });

  it('bounds the queue whatever the expected wait, to bound memory', async () => {
    const pool = new BcryptPool({ workers: 1, initialTaskMs: 0, maxQueue: 1, now: frozen });
    try {
      const running = hash(pool, 'a');
      const queued = hash(pool, 'b');
      await expect(hash(pool, 'c')).rejects.toBeInstanceOf(BcryptBusyError);
      const [a, b] = (await Promise.all([running, queued])) as string[];
      expect(a).toMatch(/^\$2b\$04\$/);
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
      // One or two: a busy machine may finish the first hash before the second is queued.
      expect(pool.workers).toBeGreaterThan(0);
      await waitFor(() => pool.workers === 0, { message: 'idle workers stopped' });
      expect(await pool.run({ op: 'hash', password: 'c', cost: 4 })).toMatch(/^\$2b\$04\$/);
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
