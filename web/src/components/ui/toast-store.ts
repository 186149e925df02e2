import { useSyncExternalStore } from 'react';

/** Spec section 9: at most one toast at a time. */
export const TOAST_LIMIT = 1;
/** Spec section 9: a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

/**
 * A tiny store outside React, so any code (a mutation's onError, say) can raise a toast and the
 * toaster's UI code can be loaded only when the first toast appears.
 */
export function createToastStore(limit = TOAST_LIMIT, removeDelay = TOAST_REMOVE_DELAY) {
  let toasts: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: ToastItem[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const remove = (id: string) => {
    removals.delete(id);
    set(toasts.filter((item) => item.id !== id));
  };

  const scheduleRemoval = (id: string) => {
    if (removals.has(id)) return;
    removals.set(
      id,
      setTimeout(() => remove(id), removeDelay),
    );
  };

  const dismiss = (id?: string) => {
    for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
    set(
      toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)),
    );
  };

  const show = (input: ToastInput) => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    set([{ ...input, id, open: true }, ...toasts].slice(0, limit));
    return { id, dismiss: () => dismiss(id) };
  };

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const store = createToastStore();

export const toast = store.show;
export const dismissToast = store.dismiss;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
