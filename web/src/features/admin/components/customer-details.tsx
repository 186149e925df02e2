import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { formatDate, formatDateTime, formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import type {
  AdminCustomerPayment as CustomerPayment,
  AdminCustomerResponse,
} from '@mia/contracts';
import { useRevokeAccess } from '@/features/admin/api/revoke-access';
import { RefundDialog } from './refund-dialog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { scopeName } from './scope-name';

/** The spec's refund window (section 9): shown to the admin, not enforced by code. */
const REFUND_DAYS = 7;

const statusVariant: Record<string, 'success' | 'warning' | 'danger' | 'neutral'> = {
  active: 'success',
  suspended: 'warning',
  revoked: 'danger',
  expired: 'neutral',
  succeeded: 'success',
  failed: 'danger',
  refunded: 'neutral',
  disputed: 'warning',
};

const cents = (amount: string) => {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : 0;
};

const dateOf = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

export function CustomerDetails({
  customer,
  onChanged,
}: {
  customer: AdminCustomerResponse;
  onChanged: () => void;
}) {
  const { t, locale } = useI18n();
  const copy = t.admin.lookup;
  const revoke = useRevokeAccess();
  const [refunding, setRefunding] = useState<CustomerPayment | null>(null);
  const { view: catalog } = useCatalog();
  const nameOf = (scope: string) =>
    scopeName(scope, t.admin.grant.all, (id) => catalog?.productName(id) ?? id);
  const sourceLabel = (kind: string) =>
    kind in copy.source ? copy.source[kind as keyof typeof copy.source] : kind;
  const statusLabel = (status: string) =>
    status in copy.grantStatus ? copy.grantStatus[status as keyof typeof copy.grantStatus] : status;
  const paymentStatus = (status: string) =>
    status in t.billing.invoiceStatus
      ? t.billing.invoiceStatus[status as keyof typeof t.billing.invoiceStatus]
      : status;

  const revokeGrant = (scope: string) =>
    revoke.mutate(
      { email: customer.customer.email, productId: scope },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: copy.revoked, description: nameOf(scope) });
          onChanged();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: copy.revokeFailed,
            description: errorText(error),
          }),
      },
    );

  return (
    <div className="grid gap-5" data-testid="customer-details">
      <p className="font-semibold text-navy-900">
        {copy.customer(customer.customer.name, customer.customer.email)}
      </p>

      <section aria-labelledby="customer-grants" className="grid gap-2">
        <h4 id="customer-grants" className="font-semibold text-navy-900">
          {copy.grants}
        </h4>
        {customer.grants.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noGrants}</p>
        ) : (
          <ul className="grid gap-2">
            {customer.grants.map((grant) => {
              const until = dateOf(grant.validUntil);
              return (
                <li
                  key={grant.grantId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-cream-300/70 p-2 text-sm"
                >
                  <span className="grid">
                    <span className="font-medium text-navy-900">{nameOf(grant.scope)}</span>
                    <span className="text-navy-700">
                      {sourceLabel(grant.source.kind)} ·{' '}
                      {until
                        ? copy.until(formatDate(until, locale, { dateStyle: 'medium' }))
                        : copy.lifetime}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={statusVariant[grant.status] ?? 'neutral'}>
                      {statusLabel(grant.status)}
                    </Badge>
                    {grant.status === 'active' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending}
                        onClick={() => revokeGrant(grant.scope)}
                        aria-label={copy.revokeLabel(nameOf(grant.scope))}
                      >
                        <Ban aria-hidden="true" />
                        {copy.revoke}
                      </Button>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="customer-payments" className="grid gap-2">
        <h4 id="customer-payments" className="font-semibold text-navy-900">
          {copy.payments}
        </h4>
        <p className="text-xs text-navy-700">{copy.refundPolicy(REFUND_DAYS)}</p>
        {customer.payments.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noPayments}</p>
        ) : (
          <ul className="grid gap-2">
            {customer.payments.map((payment) => {
              const date = dateOf(payment.createdAt);
              return (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-cream-300/70 p-2 text-sm"
                >
                  <span className="grid">
                    <span className="font-medium text-navy-900">{payment.description}</span>
                    <span className="text-navy-700">
                      {date ? formatDate(date, locale, { dateStyle: 'medium' }) : payment.createdAt}{' '}
                      · {formatMoney(cents(payment.amount), locale)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={statusVariant[payment.status] ?? 'neutral'}>
                      {paymentStatus(payment.status)}
                    </Badge>
                    {payment.status === 'succeeded' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRefunding(payment)}
                        aria-label={copy.refundLabel(payment.description)}
                      >
                        <RotateCcw aria-hidden="true" />
                        {copy.refund}
                      </Button>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="customer-timeline" className="grid gap-2">
        <h4 id="customer-timeline" className="font-semibold text-navy-900">
          {copy.timeline}
        </h4>
        {customer.timeline.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noTimeline}</p>
        ) : (
          <ol
            className="grid max-h-72 gap-1 overflow-y-auto text-sm"
            tabIndex={0}
            aria-labelledby="customer-timeline"
          >
            {customer.timeline.map((entry, index) => {
              const at = dateOf(entry.at);
              return (
                <li key={`${entry.at}-${index}`} className="grid border-l-2 border-gold-400 pl-3">
                  <span className="text-xs text-navy-700">
                    {at ? formatDateTime(at, locale) : entry.at}
                  </span>
                  <span className="text-navy-900">
                    <span className="font-mono text-xs">{entry.type}</span>
                    {entry.summary ? ` — ${entry.summary}` : null}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <RefundDialog
        payment={refunding}
        days={REFUND_DAYS}
        onClose={() => setRefunding(null)}
        onRefunded={() => {
          setRefunding(null);
          onChanged();
        }}
      />
    </div>
  );
}
