import { describe, expect, it, vi } from 'vitest';
import { removeServerHead, SERVER_HEAD_ATTRIBUTE } from './server-head';

describe('the head tags the gateway wrote', () => {
  it('are removed with the built title before the app writes its own', () => {
    const removed = [vi.fn(), vi.fn()];
    const querySelectorAll = vi.fn(() => removed.map((remove) => ({ remove })));
    removeServerHead({ head: { querySelectorAll } } as unknown as Document);
    expect(querySelectorAll).toHaveBeenCalledWith(`title, [${SERVER_HEAD_ATTRIBUTE}]`);
    for (const remove of removed) expect(remove).toHaveBeenCalledOnce();
  });
});
