import type { GiftStatus, SentGift } from '@mia/contracts';
import { Gift, Pencil, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { errorCode } from '@/lib/error-code';
import { useCatalog } from '@/features/catalog/use-catalog';
import { useChangeRecipient, useMyGifts, useResendGift } from '@/features/gifts/api/gifts';
import { giftItemName } from '@/features/gifts/gift-item';

const statusVariant: Record<GiftStatus, 'neutral' | 'warning' | 'success'> = {
  scheduled: 'neutral',
  sent: 'warning',
  claimed: 'success',
  refunded: 'neutral',
};

/** The dashboard's "Regalos enviados": each gift's state, and before its claim resend or redirect. */
export function SentGifts() {
  const { t } = useI18n();
  const copy = t.gifts.sent;
  const gifts = useMyGifts();

  let body;
  if (gifts.isPending) body = <Spinner label={copy.heading} />;
  else if (gifts.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-red-800">
          {copy.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void gifts.refetch()}>
          {copy.retry}
        </Button>
      </div>
    );
  } else if (gifts.data.sent.length === 0) body = <p className="text-navy-700">{copy.none}</p>;
  else {
    body = (
      <ul className="grid gap-3" data-testid="sent-gifts">
        {gifts.data.sent.map((gift) => (
          <SentGiftRow key={gift.giftId} gift={gift} />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="sent-gifts-title">
      <CardHeader>
        <h2
          id="sent-gifts-title"
          className="flex items-center gap-2 text-xl font-bold text-navy-900"
        >
          <Gift aria-hidden="true" className="size-5 text-gold-700" />
          {copy.heading}
        </h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function SentGiftRow({ gift }: { gift: SentGift }) {
  const { t, locale } = useI18n();
  const copy = t.gifts.sent;
  const view = useCatalog().view;
  const resend = useResendGift();
  const [editing, setEditing] = useState(false);
  const day = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });
  const open = gift.status === 'scheduled' || gift.status === 'sent';
  const when =
    gift.status === 'claimed' && gift.claimedAt
      ? copy.claimedOn(day(gift.claimedAt))
      : gift.sentAt
        ? copy.sentOn(day(gift.sentAt))
        : copy.scheduledFor(day(gift.sendAt));

  return (
    <li
      className="grid gap-3 rounded-xl border border-cream-300/70 p-3"
      data-testid={`gift-${gift.giftId}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold break-words text-navy-900">
            {giftItemName(gift.item, view, t.catalog.plans)}
          </p>
          <p className="text-sm break-all text-navy-700">{copy.to(gift.recipientEmail)}</p>
          <p className="text-xs text-navy-700">{when}</p>
        </div>
        <Badge variant={statusVariant[gift.status]}>{copy.status[gift.status]}</Badge>
      </div>
      {open && !editing ? (
        <div className="flex flex-wrap gap-2">
          {gift.status === 'sent' ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={copy.resendLabel(gift.recipientEmail)}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(gift.giftId, {
                  onSuccess: () =>
                    toast({ variant: 'success', title: copy.resent(gift.recipientEmail) }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: copy.failed,
                      description: errorText(error),
                    }),
                })
              }
            >
              <RotateCw aria-hidden="true" />
              {copy.resend}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={copy.changeRecipientLabel(gift.recipientEmail)}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
            {copy.changeRecipient}
          </Button>
        </div>
      ) : null}
      {open && editing ? <RecipientForm gift={gift} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

function RecipientForm({ gift, onDone }: { gift: SentGift; onDone: () => void }) {
  const { t } = useI18n();
  const copy = t.gifts.sent;
  const change = useChangeRecipient();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setProblem(address ? t.validation.invalidEmail : t.validation.required);
      return;
    }
    change.mutate(
      { giftId: gift.giftId, recipientEmail: address },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: copy.changed(address) });
          onDone();
        },
        onError: (error) =>
          errorCode(error) === 'gift_claimed'
            ? setProblem(copy.alreadyClaimed)
            : toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2" data-testid="recipient-form">
      <Field label={copy.newRecipient} error={problem}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (problem) setProblem(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {copy.save}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
