import { promotionAppliesTo, promotionDurations } from '@mia/contracts';
import { TicketPlus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf, type FieldErrors } from '@/features/admin-console/api/field-errors';
import { useCreatePromotionCode } from '@/features/admin-console/api/promotion-codes';
import {
  checkPromotion,
  emptyPromotionForm,
  promotionFieldErrors,
  type PromotionFormState,
} from '@/features/admin-console/promotion-form';

/** A new code: percent or amount, how long it lasts on plans, limits, and what it applies to. */
export function PromotionForm() {
  const { t } = useI18n();
  const copy = t.adminConsole.promotions.form;
  const [form, setForm] = useState(emptyPromotionForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePromotionCode();
  const set = (change: Partial<PromotionFormState>) =>
    setForm((current) => ({ ...current, ...change }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkPromotion(
      form,
      { value: copy.valueInvalid, expiry: copy.expiryPast },
      new Date(),
    );
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.request, {
      onSuccess: () => {
        toast({ variant: 'success', title: copy.created });
        setForm(emptyPromotionForm());
      },
      onError: (failure) => {
        const fields = fieldErrorsOf(failure);
        if (fields && Object.keys(fields).length > 0) setErrors(promotionFieldErrors(fields));
        else toast({ variant: 'destructive', title: copy.failed, description: errorText(failure) });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 id="promotion-form-title" className="text-lg font-semibold text-navy-900">
          {copy.heading}
        </h2>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="promotion-form-title"
          className="grid gap-4"
          data-testid="promotion-form"
        >
          <Field label={copy.code} error={errors.code}>
            {(control) => (
              <>
                <Input
                  {...control}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                  value={form.code}
                  onChange={(event) => set({ code: event.target.value })}
                />
                <p className="text-sm text-navy-700">{copy.codeHint}</p>
              </>
            )}
          </Field>
          <Radios
            legend={copy.kind}
            name="promotion-kind"
            value={form.kind}
            options={[
              ['percent', copy.percent],
              ['amount', copy.amount],
            ]}
            onChange={(kind) => set({ kind })}
          />
          <Field
            label={form.kind === 'percent' ? copy.percentValue : copy.amountValue}
            error={errors.value}
          >
            {(control) => (
              <Input
                {...control}
                inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
                value={form.value}
                onChange={(event) => set({ value: event.target.value })}
              />
            )}
          </Field>
          <Radios
            legend={copy.duration}
            name="promotion-duration"
            value={form.duration}
            options={promotionDurations.map((duration) => [duration, copy.durations[duration]])}
            onChange={(duration) => set({ duration })}
          />
          {form.duration === 'repeating' ? (
            <Field label={copy.months} error={errors.durationInMonths}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={form.months}
                  onChange={(event) => set({ months: event.target.value })}
                />
              )}
            </Field>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={copy.maxRedemptions} error={errors.maxRedemptions}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={form.maxRedemptions}
                  onChange={(event) => set({ maxRedemptions: event.target.value })}
                />
              )}
            </Field>
            <Field label={copy.expiresOn} error={errors.expiresAt}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={form.expiresOn}
                  onChange={(event) => set({ expiresOn: event.target.value })}
                />
              )}
            </Field>
          </div>
          <Radios
            legend={copy.appliesTo}
            name="promotion-applies-to"
            value={form.appliesTo}
            options={promotionAppliesTo.map((target) => [
              target,
              t.adminConsole.promotions.appliesToText[target],
            ])}
            onChange={(appliesTo) => set({ appliesTo })}
          />
          <div className="flex items-center gap-3">
            <Checkbox
              id="promotion-first-purchase"
              checked={form.firstPurchaseOnly}
              onCheckedChange={(checked) => set({ firstPurchaseOnly: checked === true })}
            />
            <Label htmlFor="promotion-first-purchase">{copy.firstPurchaseOnly}</Label>
          </div>
          <Button type="submit" disabled={create.isPending} className="justify-self-start">
            <TicketPlus aria-hidden="true" />
            {create.isPending ? copy.submitting : copy.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Radios<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly (readonly [V, ReactNode])[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-navy-900">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([option, label]) => (
          <label key={option} className="flex min-h-9 items-center gap-2 text-sm text-navy-900">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-navy-900"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
