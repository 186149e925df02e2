import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  checkoutIntentQueryOptions,
  createCheckoutIntent,
  type CheckoutIntent,
} from '@/features/billing/api/checkout-intent';
import type { CheckoutItem } from '@/features/billing/checkout-item';

interface Props {
  found: CheckoutItem;
  /** The code took the whole price: the purchase is complete, no card is asked for. */
  onFree: () => void;
}

/**
 * "¿Tienes un código de descuento?": a link that opens a code field. Applying asks billing for
 * the checkout again with the code (billing checks it and fixes the discounted amount), and the
 * answer replaces the page's intent, so the card form confirms the discounted one.
 */
export function PromotionCodeField({ found, onFree }: Props) {
  const { t, locale } = useI18n();
  const inputId = useId();
  const errorId = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const apply = useMutation({
    mutationFn: (value: string) => createCheckoutIntent(found, value),
    onSuccess(intent: CheckoutIntent) {
      if (intent.amountCents === 0) {
        onFree();
        return;
      }
      client.setQueryData(checkoutIntentQueryOptions(found).queryKey, intent);
    },
  });
  const applied = apply.data;

  if (!open) {
    return (
      <Button type="button" variant="link" className="px-0" onClick={() => setOpen(true)}>
        {t.promotionCode.open}
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value) apply.mutate(value);
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={inputId}>{t.promotionCode.label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          maxLength={40}
          aria-invalid={apply.isError || undefined}
          aria-describedby={apply.isError ? errorId : undefined}
        />
        <Button type="submit" disabled={apply.isPending || !code.trim()}>
          {apply.isPending ? t.promotionCode.applying : t.promotionCode.apply}
        </Button>
      </div>
      {apply.isError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {errorText(apply.error)}
        </p>
      ) : null}
      {applied ? (
        <p role="status" className="text-sm text-navy-800">
          {applied.amountCents === 0
            ? t.promotionCode.free
            : `${t.promotionCode.discount(formatMoney(applied.discountCents, locale))} · ${t.promotionCode.total(formatMoney(applied.amountCents, locale))}`}
        </p>
      ) : null}
    </form>
  );
}
