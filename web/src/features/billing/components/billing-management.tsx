import type { BillingOverviewResponse } from '@mia/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, ExternalLink, PackageOpen, Play, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  billingOverviewQueryKey,
  useBillingOverview,
} from '@/features/billing/api/billing-overview';
import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { useChangePlan } from '@/features/billing/api/change-plan';
import { useResumeSubscription } from '@/features/billing/api/resume-subscription';
import { useCatalog } from '@/features/catalog/use-catalog';
import { errorCode } from '@/lib/error-code';
import { amountStringToCents } from '@/features/billing/money';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { UpdateCardDialog } from './update-card-dialog';

type Plan = NonNullable<BillingOverviewResponse['plan']>;

const statusVariant: Record<Plan['status'], 'success' | 'warning' | 'danger' | 'neutral'> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  unpaid: 'danger',
  incomplete_expired: 'neutral',
  canceled: 'neutral',
  paused: 'neutral',
};

const invoiceVariant = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'danger',
  refunded: 'neutral',
  disputed: 'warning',
} as const;

const brandName = (brand: string) =>
  brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);

interface Props {
  /** Whether the dashboard shows any tool as usable (the spec's condition for this card). */
  ownsTools: boolean;
  /** After a change that may move access: the page refreshes the rest of the dashboard. */
  onChanged: () => void;
}

/** The spec's Billing Management, made real: plan, card and invoices with working buttons. */
export function BillingManagement({ ownsTools, onChanged }: Props) {
  const { t } = useI18n();
  const copy = t.billing;
  const overview = useBillingOverview();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey });
    onChanged();
  };

  let body;
  if (overview.isPending) body = <Spinner label={t.common.loading} />;
  else if (overview.isError) body = <p className="text-sm text-red-800">{copy.loadFailed}</p>;
  else {
    const data = overview.data;
    const empty = !data.plan && !data.card && data.invoices.length === 0;
    body =
      !ownsTools && empty ? (
        <div className="grid justify-items-start gap-3">
          <p className="flex items-center gap-2 text-navy-800">
            <PackageOpen aria-hidden="true" className="size-5 text-gold-600" />
            {copy.nothingOwned}
          </p>
          <Button asChild variant="accent">
            <Link to={paths.home}>{copy.browse}</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <PlanSection data={data} onChanged={refresh} />
          <CardOnFile data={data} onChanged={refresh} />
          <Invoices invoices={data.invoices} />
        </div>
      );
  }

  return (
    <Card data-testid="billing-management">
      <CardHeader>
        <h2 className="text-xl font-bold text-navy-900">{copy.heading}</h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function PlanSection({
  data,
  onChanged,
}: {
  data: BillingOverviewResponse;
  onChanged: () => void;
}) {
  const { t, locale } = useI18n();
  const copy = t.billing;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const change = useChangePlan();
  // The other plan's price for the change dialog; the change is offered once it is known.
  const catalog = useCatalog().view;
  const date = (iso: string) => formatDate(new Date(iso), locale);
  const trialEnd =
    data.trialEndsAt && new Date(data.trialEndsAt) > new Date() ? data.trialEndsAt : null;

  const failed = (error: unknown) => {
    const description =
      errorCode(error) === 'plan_past_due' ? copy.pastDue.changeFirst : errorText(error);
    toast({ variant: 'destructive', title: copy.actionFailed, description });
    return false;
  };

  const plan = data.plan;
  if (!plan) {
    return (
      <section aria-labelledby="billing-plan" className="grid gap-2">
        <h3 id="billing-plan" className="font-semibold text-navy-900">
          {copy.plan}
        </h3>
        {trialEnd ? (
          <p className="text-sm text-navy-800">{copy.trialUntil(date(trialEnd))}</p>
        ) : null}
        <p className="text-sm text-navy-700">{copy.noPlan}</p>
        <Button asChild variant="link" size="inline" className="justify-self-start">
          <Link to={{ pathname: paths.home, hash: '#pricing' }}>{copy.seePlans}</Link>
        </Button>
      </section>
    );
  }

  const current = t.catalog.plans[plan.planType];
  const otherType = plan.planType === 'monthly' ? 'annual' : 'monthly';
  const other = catalog?.plan(otherType);
  const otherText = t.catalog.plans[otherType];
  const price = formatMoney(plan.priceCents, locale);
  const live = plan.status !== 'canceled' && plan.status !== 'incomplete_expired';
  // A renewal the card could not pay: the card comes first (billing refuses a plan change).
  const owing = plan.status === 'past_due' || plan.status === 'unpaid';

  return (
    <section aria-labelledby="billing-plan" className="grid gap-3">
      <h3 id="billing-plan" className="font-semibold text-navy-900">
        {copy.plan}
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold text-navy-900">{current.name}</span>
        <Badge variant={statusVariant[plan.status]}>{copy.status[plan.status]}</Badge>
      </div>
      <p className="text-sm text-navy-800">
        {plan.planType === 'monthly' ? copy.perMonth(price) : copy.perYear(price)}
        {' · '}
        {plan.cancelAtPeriodEnd || !live
          ? copy.ends(date(plan.currentPeriodEnd))
          : copy.renews(date(plan.currentPeriodEnd))}
      </p>
      {trialEnd ? <p className="text-sm text-navy-800">{copy.trialUntil(date(trialEnd))}</p> : null}
      {owing ? (
        <div
          role="alert"
          data-testid="plan-past-due"
          className="grid justify-items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>{copy.pastDue.notice}</p>
          <UpdateCardDialog label={copy.pastDue.action} accent onUpdated={onChanged} />
        </div>
      ) : null}
      {live && !owing ? (
        <div className="flex flex-wrap gap-2">
          {plan.cancelAtPeriodEnd ? (
            <Button
              size="sm"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => {
                    toast({ variant: 'success', title: copy.resumed });
                    onChanged();
                  },
                  onError: failed,
                })
              }
            >
              <Play aria-hidden="true" />
              {copy.resume}
            </Button>
          ) : (
            <>
              {other ? (
                <ConfirmActionDialog
                  trigger={
                    <>
                      <ArrowLeftRight aria-hidden="true" />
                      {copy.changePlan}
                    </>
                  }
                  title={copy.changeDialog.title}
                  text={copy.changeDialog.text(
                    current.name,
                    otherText.name,
                    other.interval === 'month'
                      ? copy.perMonth(formatMoney(other.priceCents, locale))
                      : copy.perYear(formatMoney(other.priceCents, locale)),
                  )}
                  confirm={copy.changeDialog.confirm(otherText.name)}
                  keep={copy.changeDialog.keep}
                  pending={change.isPending}
                  onConfirm={() =>
                    change.mutateAsync({ planType: other.planType }).then(() => {
                      toast({ variant: 'success', title: copy.changeDialog.done });
                      onChanged();
                      return true;
                    }, failed)
                  }
                />
              ) : null}
              <ConfirmActionDialog
                destructive
                trigger={
                  <>
                    <XCircle aria-hidden="true" />
                    {copy.cancel}
                  </>
                }
                title={copy.cancelDialog.title}
                text={copy.cancelDialog.text(date(plan.currentPeriodEnd))}
                confirm={copy.cancelDialog.confirm}
                keep={copy.cancelDialog.keep}
                pending={cancel.isPending}
                onConfirm={() =>
                  cancel.mutateAsync().then(() => {
                    toast({
                      variant: 'success',
                      title: copy.cancelDialog.done,
                      description: copy.cancelDialog.doneText(date(plan.currentPeriodEnd)),
                    });
                    onChanged();
                    return true;
                  }, failed)
                }
              />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

function CardOnFile({ data, onChanged }: { data: BillingOverviewResponse; onChanged: () => void }) {
  const { t } = useI18n();
  const copy = t.billing;
  const card = data.card;
  return (
    <section aria-labelledby="billing-card" className="grid gap-2">
      <h3 id="billing-card" className="font-semibold text-navy-900">
        {copy.paymentMethod}
      </h3>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-cream-300/70 p-3">
        {card ? (
          <p className="grid text-sm" data-testid="card-on-file">
            <span className="font-semibold text-navy-900">
              {copy.cardOnFile(brandName(card.brand), card.last4)}
            </span>
            <span className="text-navy-700">
              {copy.expires(
                `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
              )}
            </span>
          </p>
        ) : (
          <p className="text-sm text-navy-700">{copy.noCard}</p>
        )}
        {card || data.plan ? <UpdateCardDialog onUpdated={onChanged} /> : null}
      </div>
    </section>
  );
}

function Invoices({ invoices }: { invoices: BillingOverviewResponse['invoices'] }) {
  const { t, locale } = useI18n();
  const copy = t.billing;
  return (
    <section aria-labelledby="billing-invoices" className="grid gap-2">
      <h3 id="billing-invoices" className="font-semibold text-navy-900">
        {copy.invoices}
      </h3>
      {invoices.length === 0 ? (
        <p className="text-sm text-navy-700">{copy.noInvoices}</p>
      ) : (
        <ul className="grid gap-2" data-testid="invoices">
          {invoices.map((invoice) => {
            const date = formatDate(new Date(invoice.createdAt), locale, { dateStyle: 'medium' });
            return (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-cream-200 pb-2 text-sm last:border-0"
              >
                <span className="grid min-w-0">
                  <span className="font-medium text-navy-900">{invoice.description}</span>
                  <span className="text-navy-700">{date}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold whitespace-nowrap text-navy-900">
                    {formatMoney(amountStringToCents(invoice.amount), locale)}
                  </span>
                  <Badge variant={invoiceVariant[invoice.status]}>
                    {copy.invoiceStatus[invoice.status]}
                  </Badge>
                  {invoice.receiptUrl ? (
                    <a
                      href={invoice.receiptUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={copy.receiptLabel(date)}
                      className="inline-flex items-center gap-1 font-semibold text-navy-700 underline underline-offset-2"
                    >
                      {copy.receipt}
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                    </a>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
