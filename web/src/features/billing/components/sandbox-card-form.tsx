import { FlaskConical } from 'lucide-react';
import { useImperativeHandle, useState, type Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/i18n';
import {
  cardFieldProblems,
  formatCardNumber,
  formatExpiry,
  type CardFieldProblem,
  type CardFields,
} from '@/features/billing/payment/card-input';
import type { CardSectionHandle } from '@/features/billing/payment/confirm-outcome';
import { confirmWithSandbox } from '@/features/billing/payment/sandbox-confirm';
import { testCards } from './test-cards';

interface Props {
  publishableKey: string;
  clientSecret: string;
  ref?: Ref<CardSectionHandle>;
}

/**
 * The card form of sandbox mode (no Stripe keys): clearly labelled, with the test cards beside
 * it, confirming against the local sandbox exactly as Stripe.js confirms against Stripe.
 */
export function SandboxCardForm({ publishableKey, clientSecret, ref }: Props) {
  const { t } = useI18n();
  const copy = t.card;
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof CardFields, CardFieldProblem>>>({});

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const found = cardFieldProblems(fields);
        setProblems(found);
        return Object.keys(found).length === 0;
      },
      confirm: () => confirmWithSandbox(publishableKey, clientSecret, fields),
    }),
    [fields, publishableKey, clientSecret],
  );

  const message = (problem: CardFieldProblem | undefined) =>
    problem === undefined
      ? undefined
      : problem === 'required'
        ? t.validation.required
        : copy[problem];

  const set = (field: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <fieldset className="rounded-xl border-2 border-dashed border-amber-500/70 bg-amber-50/60 p-4">
      <legend className="px-1">
        <Badge variant="warning">
          <FlaskConical aria-hidden="true" />
          {copy.sandboxTitle}
        </Badge>
      </legend>
      <p className="mb-4 text-sm text-amber-950">{copy.sandboxNotice}</p>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,15rem)]">
        <div className="grid content-start gap-3">
          <Field label={copy.number} error={message(problems.number)}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                value={fields.number}
                onChange={(event) => set('number', formatCardNumber(event.target.value))}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={copy.expiry} error={message(problems.expiry)}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="12/34"
                  value={fields.expiry}
                  onChange={(event) => set('expiry', formatExpiry(event.target.value))}
                />
              )}
            </Field>
            <Field label={copy.cvc} error={message(problems.cvc)}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={4}
                  value={fields.cvc}
                  onChange={(event) => set('cvc', event.target.value.replace(/\D/g, ''))}
                />
              )}
            </Field>
          </div>
        </div>
        <section aria-labelledby="sandbox-test-cards" className="text-sm">
          <h3 id="sandbox-test-cards" className="font-semibold text-navy-900">
            {copy.testCards}
          </h3>
          <p className="text-xs text-navy-700">{copy.testCardsHint}</p>
          <ul className="mt-2 grid gap-1">
            {testCards.map((card) => (
              <li key={card.number}>
                <button
                  type="button"
                  onClick={() => set('number', card.number)}
                  className="grid w-full rounded-md px-2 py-1 text-left hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-gold-500"
                >
                  <span className="font-mono text-navy-950">
                    <span className="sr-only">{copy.useCard} </span>
                    {card.number}
                  </span>
                  <span className="text-xs text-navy-700">{copy.outcomes[card.outcome]}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </fieldset>
  );
}
