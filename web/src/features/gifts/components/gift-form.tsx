import { GIFT_MESSAGE_MAX, type CreateGiftResponse } from '@mia/contracts';
import { Gift } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateGift } from '@/features/gifts/api/gifts';
import type { GiftChoice } from '@/features/gifts/gift-item';
import { sendAtFor, sendDateBounds } from '@/features/gifts/send-date';

export interface GiftOrder {
  recipientEmail: string;
  message: string;
  sendDay: string;
}

interface Props {
  choice: GiftChoice;
  initial?: GiftOrder | undefined;
  onCreated: (order: GiftOrder, answer: CreateGiftResponse) => void;
}

type Problems = Partial<Record<keyof GiftOrder, string>>;

/** Issue 25: who receives it, an optional message (≤500) and day; then POST /api/gifts. */
export function GiftForm({ choice, initial, onCreated }: Props) {
  const { t, locale } = useI18n();
  const copy = t.gifts.purchase;
  const create = useCreateGift();
  const messageId = useId();
  const [order, setOrder] = useState<GiftOrder>(
    initial ?? { recipientEmail: '', message: '', sendDay: '' },
  );
  const [problems, setProblems] = useState<Problems>({});
  const [now] = useState(() => new Date());
  const bounds = sendDateBounds(now);

  const set = (field: keyof GiftOrder, value: string) => {
    setOrder((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const email = order.recipientEmail.trim();
    const sendAt = sendAtFor(order.sendDay, new Date());
    const found: Problems = {
      recipientEmail: !email
        ? t.validation.required
        : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
          ? undefined
          : t.validation.invalidEmail,
      message:
        order.message.length > GIFT_MESSAGE_MAX ? copy.messageTooLong(GIFT_MESSAGE_MAX) : undefined,
      sendDay: sendAt === 'invalid' ? copy.sendAtInvalid : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean) || sendAt === 'invalid') return;
    const message = order.message.trim();
    create.mutate(
      {
        ...(choice.item.kind === 'product'
          ? { productId: choice.item.productId }
          : { planType: choice.item.plan }),
        recipientEmail: email,
        ...(message ? { message } : {}),
        ...(sendAt ? { sendAt } : {}),
      },
      {
        onSuccess: (answer) => onCreated({ ...order, recipientEmail: email }, answer),
        onError: (error) =>
          toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
      },
    );
  };

  const over = order.message.length > GIFT_MESSAGE_MAX;

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="gift-form">
          <Field label={copy.recipient} error={problems.recipientEmail}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                required
                value={order.recipientEmail}
                onChange={(event) => set('recipientEmail', event.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-1.5">
            <Label htmlFor={messageId}>{copy.message}</Label>
            <textarea
              id={messageId}
              rows={4}
              placeholder={copy.messagePlaceholder}
              value={order.message}
              aria-invalid={Boolean(problems.message) || over}
              aria-describedby={`${messageId}-counter${problems.message ? ` ${messageId}-error` : ''}`}
              onChange={(event) => set('message', event.target.value)}
              className="block w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-base text-navy-950 shadow-sm placeholder:text-navy-500/80 focus-visible:border-navy-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500 aria-invalid:border-red-700"
            />
            <p
              id={`${messageId}-counter`}
              className={cn(
                'text-right text-sm',
                over ? 'font-semibold text-red-800' : 'text-navy-700',
              )}
              data-testid="message-counter"
            >
              {copy.counter(order.message.length, GIFT_MESSAGE_MAX)}
            </p>
            {problems.message ? (
              <p id={`${messageId}-error`} className="text-sm font-medium text-red-800">
                {problems.message}
              </p>
            ) : null}
          </div>
          <Field label={copy.sendAt} error={problems.sendDay}>
            {(control) => (
              <>
                <Input
                  {...control}
                  type="date"
                  min={bounds.min}
                  max={bounds.max}
                  className="max-w-56"
                  value={order.sendDay}
                  onChange={(event) => set('sendDay', event.target.value)}
                />
                <p className="text-sm text-navy-700">{copy.sendAtHint}</p>
              </>
            )}
          </Field>
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-cream-100 p-4">
            <span className="flex items-center gap-2 text-navy-800">
              <Gift aria-hidden="true" className="size-5 text-gold-700" />
              {copy.price}
            </span>
            <span className="text-2xl font-bold text-navy-900">
              {formatMoney(choice.priceCents, locale)}
            </span>
          </div>
          <Button
            type="submit"
            size="lg"
            variant="accent"
            disabled={create.isPending}
            className="justify-self-stretch sm:justify-self-end"
          >
            {create.isPending ? copy.preparing : copy.continue}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
