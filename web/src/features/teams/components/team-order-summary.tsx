import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatMoney, useI18n } from '@/i18n';
import type { TeamOrder } from './team-plan-form';

interface Props {
  order: TeamOrder;
  /** The first invoice, as billing prepared it. */
  amountCents: number;
  onChange: () => void;
}

/** Beside the payment form: the church, its seats and the first invoice. */
export function TeamOrderSummary({ order, amountCents, onChange }: Props) {
  const { t, locale } = useI18n();
  const copy = t.teams.purchase;
  return (
    <Card data-testid="team-summary">
      <CardContent className="grid gap-3 pt-6">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-gold-800 uppercase">
          <Users aria-hidden="true" className="size-4" />
          {t.teams.church.plan[order.planType]}
        </p>
        <h2 className="text-xl font-bold break-words text-navy-900">{copy.summary(order.name)}</h2>
        <p className="text-navy-700">{copy.seatsCount(order.seats)}</p>
        <p className="text-2xl font-bold text-navy-900">
          {formatMoney(amountCents, locale)}{' '}
          <span className="text-base font-normal text-navy-700">
            {order.planType === 'monthly' ? copy.perMonth : copy.perYear}
          </span>
        </p>
        <Button variant="link" size="inline" className="justify-self-start" onClick={onChange}>
          {copy.change}
        </Button>
      </CardContent>
    </Card>
  );
}
