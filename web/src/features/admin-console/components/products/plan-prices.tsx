import type { PlanType, PublicCatalogPlan } from '@mia/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useUpdatePlanPrice } from '@/features/admin-console/api/products';
import { fieldErrorsOf } from '@/features/admin-console/api/field-errors';
import { dollarsText, parseDollars } from '@/features/admin-console/money-input';
import { priceCentsSchema } from '@mia/contracts';

/** The two plans' prices, each saved on its own (PATCH /api/admin/plans/{planType}). */
export function PlanPrices({ plans }: { plans: readonly PublicCatalogPlan[] }) {
  const { t } = useI18n();
  const copy = t.adminConsole.products.plans;
  return (
    <Card aria-labelledby="plan-prices-title">
      <CardHeader>
        <h2 id="plan-prices-title" className="text-lg font-semibold text-navy-900">
          {copy.heading}
        </h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanPriceForm key={plan.planType} plan={plan} />
        ))}
      </CardContent>
    </Card>
  );
}

function PlanPriceForm({ plan }: { plan: PublicCatalogPlan }) {
  const { t } = useI18n();
  const copy = t.adminConsole.products.plans;
  const [price, setPrice] = useState(dollarsText(plan.priceCents));
  const [error, setError] = useState<string>();
  const save = useUpdatePlanPrice();
  const label = planLabel(plan.planType, copy);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(price);
    const checked = priceCentsSchema.safeParse(cents ?? Number.NaN);
    if (cents === null || !checked.success) {
      setError(
        cents === null ? t.adminConsole.editor.priceInvalid : checked.error?.issues[0]?.message,
      );
      return;
    }
    setError(undefined);
    save.mutate(
      { planType: plan.planType, priceCents: cents },
      {
        onSuccess: () => toast({ variant: 'success', title: copy.saved }),
        onError: (failure) => {
          const fields = fieldErrorsOf(failure);
          if (fields?.priceCents) setError(fields.priceCents);
          else
            toast({ variant: 'destructive', title: copy.failed, description: errorText(failure) });
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-3"
      data-testid={`plan-price-${plan.planType}`}
    >
      <Field label={label} error={error} className="min-w-0 flex-1 basis-48">
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="outline"
        disabled={save.isPending}
        aria-label={copy.saveLabel(label)}
      >
        {copy.save}
      </Button>
    </form>
  );
}

const planLabel = (planType: PlanType, copy: { monthly: string; annual: string }): string =>
  planType === 'annual' ? copy.annual : copy.monthly;
