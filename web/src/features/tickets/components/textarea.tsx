import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A multi-line field with the design system's input look (components/ui has none yet). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-28 w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-base text-navy-950 shadow-sm placeholder:text-navy-500/80 focus-visible:border-navy-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500 disabled:opacity-60 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
