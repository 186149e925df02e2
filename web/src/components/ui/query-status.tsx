import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** The line a page shows while its data loads (announced to screen readers). */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 py-12 text-navy-700" role="status">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      {children}
    </p>
  );
}

/** A failed load: `notFound` for a 404 (someone else's or a deleted item), else `failed`. */
export function LoadError({
  error,
  notFound,
  failed,
}: {
  error: unknown;
  notFound: ReactNode;
  failed: ReactNode;
}) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <p className="flex items-center gap-2 rounded-xl bg-red-50 p-4 text-red-900" role="alert">
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      {missing ? notFound : failed}
    </p>
  );
}
