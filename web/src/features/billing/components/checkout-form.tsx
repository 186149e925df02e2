import type { BillingConfigResponse } from '@mia/contracts';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useConfirmPayment } from '@/features/billing/api/confirm-payment';
import { errorCode } from '@/lib/error-code';
import {
  billingProblems,
  type BillingDetails,
  type BillingProblem,
} from '@/features/billing/billing-details';
import type { CardSectionHandle } from '@/features/billing/payment/confirm-outcome';
import { CardSection } from './card-section';

/** Spec section 9: the dashboard opens 1.5 s after a successful payment. */
export const REDIRECT_AFTER_PAYMENT_MS = 1500;

type Phase = 'idle' | 'paying' | 'redirecting' | 'paidWithProblem';

interface Props {
  config: BillingConfigResponse;
  clientSecret: string;
  /** What the intent charges: the catalogue price, or less once a discount code applied. */
  amountCents: number;
  defaultEmail: string;
  /** After billing has recorded the payment: the page refreshes what it shows elsewhere. */
  onPaid: () => void;
  /** The success toast's text when the payment grants the payer nothing (a team, a gift). */
  successText?: string | undefined;
}

const textFields = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'address', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'zip', autoComplete: 'postal-code' },
] as const;

export function CheckoutForm({
  config,
  clientSecret,
  amountCents,
  defaultEmail,
  onPaid,
  successText,
}: Props) {
  const { t, locale } = useI18n();
  const copy = t.checkout;
  const navigate = useNavigate();
  const card = useRef<CardSectionHandle>(null);
  const confirmPayment = useConfirmPayment();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [phase, setPhase] = useState<Phase>('idle');
  const [details, setDetails] = useState<BillingDetails>({
    email: defaultEmail,
    firstName: '',
    lastName: '',
    address: '',
    city: '',
    zip: '',
  });
  const [problems, setProblems] = useState<Partial<Record<keyof BillingDetails, BillingProblem>>>(
    {},
  );

  useEffect(() => () => clearTimeout(redirect.current), []);

  const set = (field: keyof BillingDetails, value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const message = (problem: BillingProblem | undefined) =>
    problem === 'required'
      ? t.validation.required
      : problem === 'invalidEmail'
        ? t.validation.invalidEmail
        : undefined;

  const fail = (title: string, description: string) => {
    toast({ variant: 'destructive', title, description });
    setPhase('idle');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const missing = billingProblems(details);
    setProblems(missing);
    const cardReady = card.current?.validate() ?? false;
    if (Object.keys(missing).length > 0 || !cardReady || !card.current) return;

    setPhase('paying');
    let outcome;
    try {
      outcome = await card.current.confirm();
    } catch (error) {
      fail(copy.paymentError, errorText(error));
      return;
    }
    if (outcome.kind === 'declined') return fail(copy.paymentFailed, outcome.message);
    if (outcome.kind === 'incomplete')
      return fail(copy.paymentError, copy.incomplete(outcome.status));

    try {
      await confirmPayment.mutateAsync(outcome.intentId);
    } catch (error) {
      // The money moved: paying again would charge twice, so the form stays closed. Billing
      // holds a payment of other money than the price for staff to review, and says so.
      const underReview = errorCode(error) === 'payment_under_review';
      toast({
        variant: 'destructive',
        title: underReview ? copy.underReview : copy.processingError,
        description: underReview ? copy.underReviewText : copy.processingErrorText,
      });
      setPhase('paidWithProblem');
      return;
    }
    onPaid();
    toast({
      variant: 'success',
      title: copy.success,
      description: successText ?? copy.successText,
    });
    setPhase('redirecting');
    redirect.current = setTimeout(() => navigate(paths.dashboard), REDIRECT_AFTER_PAYMENT_MS);
  };

  const busy = phase !== 'idle';
  const price = formatMoney(amountCents, locale);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={phase === 'paying'}>
      <h2 className="text-xl font-bold text-navy-900">{copy.paymentHeading}</h2>
      <Field label={copy.email} error={message(problems.email)}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            required
            value={details.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium text-navy-900">{copy.card}</p>
        <CardSection config={config} clientSecret={clientSecret} ref={card} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map(({ name, autoComplete }) => (
          <Field
            key={name}
            label={copy[name]}
            error={message(problems[name])}
            className={name === 'address' ? 'sm:col-span-2' : undefined}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete={autoComplete}
                required
                value={details[name]}
                onChange={(event) => set(name, event.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
      <p className="flex items-start gap-2 text-sm text-navy-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {copy.secure}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="lg">
          <Link to={paths.home}>{copy.cancel}</Link>
        </Button>
        <Button type="submit" size="lg" variant="accent" disabled={busy}>
          {phase === 'paying' ? copy.paying : copy.pay(price)}
        </Button>
      </div>
      <div aria-live="polite" className="min-h-6 text-center font-semibold text-navy-900">
        {phase === 'redirecting' ? (
          <span className="inline-flex items-center gap-2">
            <Spinner label={copy.redirecting} className="[&_svg]:size-5" />
            <span aria-hidden="true">{copy.redirecting}</span>
          </span>
        ) : null}
      </div>
    </form>
  );
}
