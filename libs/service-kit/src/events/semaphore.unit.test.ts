import { describe, expect, it } from 'vitest';
import { KeyedQueue, Semaphore } from './semaphore.js';
import { Wakeup } from './wakeup.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs tasks of one key in order and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
    };
    await Promise.all([
      queue.run('a', task('a1', 30)),
      queue.run('a', task('a2', 1)),
      queue.run('b', task('b1', 1)),
    ]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
    expect(queue.size).toBe(0);
  });

  it('keeps going after a failed task', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('x');
    });
    const next = queue.run('a', async () => undefined);
    await expect(failed).rejects.toThrow('x');
    await expect(next).resolves.toBeUndefined();
  });
});

describe('Semaphore', () => {
  it('lets at most n holders in', async () => {
    const semaphore = new Semaphore(2);
    await semaphore.acquire();
    await semaphore.acquire();
    let third = false;
    const waiting = semaphore.acquire().then(() => (third = true));
    await tick();
    expect(third).toBe(false);
    semaphore.release();
    await waiting;
    expect(third).toBe(true);
  });
});

describe('Wakeup', () => {
  it('does not lose a notification that arrives while nobody waits', async () => {
    const wakeup = new Wakeup();
    wakeup.notify();
    const started = Date.now();
    await wakeup.wait(10_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('wakes a waiter early, or times out', async () => {
    const wakeup = new Wakeup();
    const started = Date.now();
    setTimeout(() => wakeup.notify(), 10);
    await wakeup.wait(10_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const again = Date.now();
    await wakeup.wait(30);
    expect(Date.now() - again).toBeGreaterThanOrEqual(25);
  });
});
