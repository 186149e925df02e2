import { CreditCard } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useBillingConfig } from '@/features/billing/api/billing-config';
import { useConfirmPaymentMethod } from '@/features/billing/api/payment-method-confirm';
import { usePaymentMethodSetup } from '@/features/billing/api/payment-method-setup';
import type { CardSectionHandle } from '@/features/billing/payment/confirm-outcome';
import { CardSection } from './card-section';

/**
 * Replaces the saved card: a SetupIntent from billing, confirmed with the provider, then
 * confirmed with billing, which pays a past-due plan's open invoice with it at once.
 */
export function UpdateCardDialog({
  onUpdated,
  label,
  accent = false,
}: {
  onUpdated: () => void;
  /** The trigger's text (default "Actualizar"). */
  label?: string;
  /** The plan is past due: the button is the page's call to action. */
  accent?: boolean;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={accent ? 'accent' : 'outline'} size="sm">
          <CreditCard aria-hidden="true" />
          {label ?? t.billing.update}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t.common.close} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t.billing.updateCard.title}</DialogTitle>
          <DialogDescription>{t.billing.updateCard.description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening asks billing for a fresh SetupIntent. */}
        {open ? (
          <UpdateCardForm
            wasOwing={accent}
            onDone={() => {
              setOpen(false);
              onUpdated();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UpdateCardForm({ onDone, wasOwing }: { onDone: () => void; wasOwing: boolean }) {
  const { t } = useI18n();
  const copy = t.billing.updateCard;
  const config = useBillingConfig();
  const setup = usePaymentMethodSetup();
  const confirmWithBilling = useConfirmPaymentMethod();
  const card = useRef<CardSectionHandle>(null);
  const [saving, setSaving] = useState(false);

  const failure = config.error ?? setup.error;
  if (failure) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
        {copy.failed}: {errorText(failure)}
      </p>
    );
  }
  if (!config.data || !setup.data) return <Spinner label={t.common.loading} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !card.current?.validate()) return;
    setSaving(true);
    try {
      const outcome = await card.current.confirm();
      if (outcome.kind === 'succeeded') {
        // The card is saved; billing makes it the default and pays an open invoice with it.
        const { plan } = await confirmWithBilling.mutateAsync(setup.data.setupIntentId);
        toast({
          variant: 'success',
          title: copy.done,
          ...(plan?.status === 'active' && wasOwing ? { description: t.billing.pastDue.paid } : {}),
        });
        onDone();
        return;
      }
      toast({
        variant: 'destructive',
        title: copy.failed,
        description:
          outcome.kind === 'declined' ? outcome.message : t.checkout.incomplete(outcome.status),
      });
    } catch (error) {
      toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
    }
    setSaving(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <CardSection config={config.data} clientSecret={setup.data.clientSecret} ref={card} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t.billing.cancelDialog.keep}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {saving ? copy.saving : copy.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
