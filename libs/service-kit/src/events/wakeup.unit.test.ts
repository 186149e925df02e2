import { describe, expect, it } from 'vitest';
import { CommitNotifier } from './wakeup.js';

describe('CommitNotifier', () => {
  it('sends one NOTIFY at a time; commits meanwhile share the next, sent after them', async () => {
    const log: string[] = [];
    const inFlight: (() => void)[] = [];
    const notifier = new CommitNotifier(async () => {
      log.push('send');
      await new Promise<void>((resolve) => inFlight.push(resolve));
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    log.push('commit 1');
    notifier.committed();
    log.push('commit 2');
    notifier.committed();
    log.push('commit 3');
    notifier.committed();
    await settle();
    inFlight.shift()!();
    await settle();
    inFlight.shift()!();
    await settle();
    // Commits 2 and 3 share one send, which starts after both; nothing more is sent.
    expect(log).toEqual(['commit 1', 'send', 'commit 2', 'commit 3', 'send']);
    expect(inFlight).toHaveLength(0);

    log.push('commit 4');
    notifier.committed();
    await settle();
    expect(log.at(-1)).toBe('send');
  });

  it('keeps going after a failed send (the relay polls for what it missed)', async () => {
    let sends = 0;
    const notifier = new CommitNotifier(async () => {
      sends++;
      throw new Error('connection lost');
    });
    notifier.committed();
    await new Promise((resolve) => setImmediate(resolve));
    notifier.committed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sends).toBe(2);
  });
});
