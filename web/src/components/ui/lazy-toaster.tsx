import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toaster only once something has been toasted, keeping it out of the first download. */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
