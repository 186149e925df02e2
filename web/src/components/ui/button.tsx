import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-navy-900 text-cream-50 shadow-sm hover:bg-navy-700',
        accent: 'bg-gold-400 text-navy-950 shadow-sm hover:bg-gold-300',
        outline: 'border border-navy-200 bg-white text-navy-900 hover:bg-cream-100',
        ghost: 'text-navy-900 hover:bg-navy-50',
        link: 'text-navy-700 underline underline-offset-4 hover:text-navy-900',
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
        onDark: 'border border-cream-50/40 bg-transparent text-cream-50 hover:bg-white/10',
      },
      size: {
        sm: 'min-h-9 px-3',
        md: 'min-h-11 px-5',
        lg: 'min-h-12 px-7 text-base',
        icon: 'size-11',
        /** A link-styled action inside a sentence. */
        inline: 'min-h-9 px-1',
      },
      /** Long labels (an e-mail address) may wrap on phones instead of overflowing. */
      wrap: {
        true: 'whitespace-normal text-left',
        false: 'whitespace-nowrap',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', wrap: false },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the single child (a link, usually) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, wrap, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component className={cn(buttonVariants({ variant, size, wrap }), className)} {...props} />
  );
}
