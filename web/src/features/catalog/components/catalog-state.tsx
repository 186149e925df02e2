import { CircleAlert, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import { cn } from '@/lib/cn';

/**
 * Placeholder cards while the catalogue loads: the shape of what is coming, so the page does not
 * jump when it arrives. Announced once to screen readers.
 */
export function CatalogSkeleton({ cards = 6, className }: { cards?: number; className?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className={className}>
      <span className="sr-only">{t.catalog.loading}</span>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: cards }, (_, index) => (
          <li
            key={index}
            className="flex flex-col overflow-hidden rounded-2xl border border-cream-300/70 bg-white shadow-sm"
          >
            <div className="aspect-video w-full animate-pulse bg-cream-200 motion-reduce:animate-none" />
            <div className="grid gap-3 p-6">
              <div className="h-5 w-2/3 animate-pulse rounded bg-cream-200 motion-reduce:animate-none" />
              <div className="h-4 w-full animate-pulse rounded bg-cream-200 motion-reduce:animate-none" />
              <div className="h-4 w-5/6 animate-pulse rounded bg-cream-200 motion-reduce:animate-none" />
              <div className="mt-4 h-9 w-1/3 animate-pulse rounded bg-cream-200 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A one-line placeholder for a name or a price inside other text. */
export function CatalogTextSkeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-4 w-24 animate-pulse rounded bg-cream-200 align-middle motion-reduce:animate-none',
        className,
      )}
    />
  );
}

/** The catalogue could not be loaded: say so in the visitor's language and offer to try again. */
export function CatalogError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useI18n();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center',
        className,
      )}
    >
      <p className="flex flex-1 items-center gap-2">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {t.catalog.loadFailed}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t.catalog.retry}
      </Button>
    </div>
  );
}
