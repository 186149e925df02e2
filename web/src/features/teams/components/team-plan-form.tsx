import {
  TEAM_MAX_SEATS,
  TEAM_MIN_SEATS,
  teamNameSchema,
  type CreateTeamResponse,
  type PlanType,
} from '@mia/contracts';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type { CatalogView } from '@/features/catalog/use-catalog';
import { useCreateTeam } from '@/features/teams/api/teams';
import { seatsProblem, teamTotalCents } from '@/features/teams/team-order';

export interface TeamOrder {
  name: string;
  planType: PlanType;
  seats: number;
}

interface Props {
  view: CatalogView;
  /** The order as last sent, to edit it again after "Cambiar los datos". */
  initial?: TeamOrder | undefined;
  onCreated: (order: TeamOrder, answer: CreateTeamResponse) => void;
}

const planTypes = ['monthly', 'annual'] as const;

/** Issue 25: church name, monthly or annual, seats 2–200 and the total; then POST /api/teams. */
export function TeamPlanForm({ view, initial, onCreated }: Props) {
  const { t, locale } = useI18n();
  const copy = t.teams.purchase;
  const create = useCreateTeam();
  const [name, setName] = useState(initial?.name ?? '');
  const [planType, setPlanType] = useState<PlanType>(initial?.planType ?? 'monthly');
  const [seatsText, setSeatsText] = useState(String(initial?.seats ?? 5));
  const [problems, setProblems] = useState<{ name?: string; seats?: string }>({});

  const plan = view.plan(planType);
  const seats = Number(seatsText);
  const total = plan ? teamTotalCents(plan.priceCents, seats) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = {
      name: teamNameSchema.safeParse(name.trim()).success ? undefined : copy.nameInvalid,
      seats: seatsProblem(seatsText)
        ? copy.seatsInvalid(TEAM_MIN_SEATS, TEAM_MAX_SEATS)
        : undefined,
    };
    setProblems(found);
    if (found.name || found.seats) return;
    const order = { name: name.trim(), planType, seats };
    create.mutate(order, {
      onSuccess: (answer) => onCreated(order, answer),
      onError: (error) =>
        toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
    });
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="team-plan-form">
          <Field label={copy.name} error={problems.name}>
            {(control) => (
              <Input
                {...control}
                autoComplete="organization"
                placeholder={copy.namePlaceholder}
                maxLength={80}
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium text-navy-900">{copy.plan}</legend>
            {planTypes.map((type) => {
              const option = view.plan(type);
              if (!option) return null;
              const price = formatMoney(option.priceCents, locale);
              return (
                <label
                  key={type}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-navy-200 bg-white px-3 py-2 has-checked:border-navy-700 has-checked:bg-cream-100"
                >
                  <input
                    type="radio"
                    name="planType"
                    value={type}
                    checked={planType === type}
                    onChange={() => setPlanType(type)}
                    className="size-4 accent-navy-900"
                  />
                  <span className="text-navy-900">
                    {type === 'monthly' ? copy.monthly(price) : copy.annual(price)}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <Field label={copy.seats} error={problems.seats}>
            {(control) => (
              <>
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={TEAM_MIN_SEATS}
                  max={TEAM_MAX_SEATS}
                  step={1}
                  required
                  className="max-w-40"
                  value={seatsText}
                  onChange={(event) => setSeatsText(event.target.value)}
                />
                <p className="text-sm text-navy-700">
                  {copy.seatsHint(TEAM_MIN_SEATS, TEAM_MAX_SEATS)}
                </p>
              </>
            )}
          </Field>
          <div
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-cream-100 p-4"
            data-testid="team-total"
            aria-live="polite"
          >
            <span className="flex items-center gap-2 text-navy-800">
              <Users aria-hidden="true" className="size-5 text-gold-700" />
              {plan && total !== undefined
                ? copy.totalLine(seats, formatMoney(plan.priceCents, locale))
                : copy.total}
            </span>
            {total !== undefined ? (
              <span className="text-2xl font-bold text-navy-900">
                {formatMoney(total, locale)}{' '}
                <span className="text-base font-normal text-navy-700">
                  {planType === 'monthly' ? copy.perMonth : copy.perYear}
                </span>
              </span>
            ) : null}
          </div>
          <p className="text-sm text-navy-700">{copy.ownerNote}</p>
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
