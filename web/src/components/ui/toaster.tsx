import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useI18n } from '@/i18n';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts, type ToastVariant } from './toast-store';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-cream-300 bg-white text-navy-950',
  success: 'border-green-700/30 bg-green-50 text-green-950',
  destructive: 'border-red-800 bg-red-700 text-white',
};

/** Renders the toast store with Radix's accessible live region. Loaded on the first toast. */
export default function Toaster() {
  const { t } = useI18n();
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider label={t.toasts.region}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          data-testid="toast"
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg data-[state=open]:animate-fade-in',
            variantClasses[variant],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t.common.close}
            className="absolute top-2 right-2 rounded-md p-1.5 opacity-80 hover:opacity-100 focus-visible:outline-3 focus-visible:outline-gold-500"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Spec section 9: 420 px wide at most from medium screens up. */}
      <ToastPrimitive.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
