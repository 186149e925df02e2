import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { formatDate, formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type { AdminCustomerPayment as CustomerPayment } from '@mia/contracts';
import { useRefundPayment } from '@/features/admin/api/refund-payment';
import { errorCode } from '@/lib/error-code';

type PlanAction = 'cancel_now' | 'keep';

const cents = (amount: string) => {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : 0;
};

/** "3", "3.5" or "3.50" in cents; null when it is not an amount above zero. */
const centsOfInput = (text: string): number | null => {
  const match = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value > 0 ? value : null;
};

/**
 * Refunds one payment: all of it or part of it. A plan's payment needs a choice (billing says
 * so with `plan_action_required`): cancel the plan now, or keep it as a goodwill refund.
 */
export function RefundDialog({
  payment,
  days,
  onClose,
  onRefunded,
}: {
  payment: CustomerPayment | null;
  days: number;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const { t, locale } = useI18n();
  const copy = t.admin.lookup;
  const refund = useRefundPayment();
  const [partial, setPartial] = useState(false);
  const [amount, setAmount] = useState('');
  const [askPlan, setAskPlan] = useState(false);
  const [planAction, setPlanAction] = useState<PlanAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setPartial(false);
    setAmount('');
    setAskPlan(false);
    setPlanAction(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    if (!payment) return;
    const amountCents = partial ? centsOfInput(amount) : null;
    if (partial && amountCents === null) return setProblem(copy.refundAmountInvalid);
    if (askPlan && !partial && !planAction) return setProblem(copy.refundPlanRequired);
    setProblem(null);
    refund.mutate(
      {
        paymentId: payment.id,
        ...(amountCents !== null ? { amountCents } : {}),
        ...(askPlan && !partial && planAction ? { planAction } : {}),
      },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: copy.refunded, description: payment.description });
          reset();
          onRefunded();
        },
        onError: (error) => {
          // A plan's payment: ask which, then the admin confirms again.
          if (errorCode(error) === 'plan_action_required') {
            setAskPlan(true);
            setProblem(copy.refundPlanRequired);
            return;
          }
          toast({
            variant: 'destructive',
            title: copy.refundFailed,
            description: errorText(error),
          });
        },
      },
    );
  };

  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel={t.common.close}>
        <DialogHeader>
          <DialogTitle>{copy.refundTitle}</DialogTitle>
          <DialogDescription>
            {payment
              ? copy.refundText(
                  formatMoney(cents(payment.amount), locale),
                  formatDate(new Date(payment.createdAt), locale, { dateStyle: 'medium' }),
                )
              : null}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-navy-700">{copy.refundPolicy(days)}</p>
        <label className="flex items-center gap-2 text-sm text-navy-900">
          <Checkbox checked={partial} onCheckedChange={(value) => setPartial(value === true)} />
          {copy.refundPartial}
        </label>
        {partial ? (
          <>
            <Field label={copy.refundAmount}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
              )}
            </Field>
            <p className="text-sm text-navy-700">{copy.refundPartialKeeps}</p>
          </>
        ) : null}
        {askPlan && !partial ? (
          <fieldset className="grid gap-2" data-testid="refund-plan-action">
            <legend className="mb-1 text-sm font-semibold text-navy-900">
              {copy.refundPlanQuestion}
            </legend>
            {(
              [
                ['cancel_now', copy.refundPlanCancelNow],
                ['keep', copy.refundPlanKeep],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-navy-900">
                <input
                  type="radio"
                  name="plan-action"
                  value={value}
                  checked={planAction === value}
                  onChange={() => setPlanAction(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{copy.refundKeep}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={refund.isPending} onClick={submit}>
            {copy.refundConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
