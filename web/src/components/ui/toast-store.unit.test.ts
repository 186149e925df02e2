import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts (spec section 9)', () => {
  it('shows at most one toast: the newest replaces the previous', () => {
    expect(TOAST_LIMIT).toBe(1);
    const store = createToastStore();
    store.show({ title: 'Login failed' });
    store.show({ title: 'Reset Link Sent' });
    expect(store.getSnapshot().map((item) => item.title)).toEqual(['Reset Link Sent']);
  });

  it('keeps a dismissed toast closed until 1,000,000 ms have passed, then removes it', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const store = createToastStore();
    const { dismiss } = store.show({ title: 'Logout failed', variant: 'destructive' });
    dismiss();
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ open: false })]);
    vi.advanceTimersByTime(999_999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ title: 'Error' });
    store.dismiss();
    unsubscribe();
    store.show({ title: 'Error' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
