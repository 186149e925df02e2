import { centsToAmountString } from '@mia/catalog';
import { Badge } from '@/components/ui/badge';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { usePaymentsToReview } from '@/features/admin/api/list-payments-to-review';

// The paid currency may differ from the expected one (that can be the mismatch itself), so each
// amount carries its own code rather than going through the catalogue's USD formatter.
const money = (cents: number, currency: string) =>
  `${centsToAmountString(cents)} ${currency.toUpperCase()}`;

/** Payments whose amount did not match: nothing was granted, staff settle each one by hand. */
export function PaymentsReviewPanel() {
  const { t, locale } = useI18n();
  const copy = t.admin.paymentReview;
  const review = usePaymentsToReview();
  const day = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });

  return (
    <section
      aria-labelledby="admin-payment-review-title"
      className="grid content-start gap-4"
      data-testid="payment-review-panel"
    >
      <div>
        <h3 id="admin-payment-review-title" className="text-lg font-semibold text-navy-900">
          {copy.title}
        </h3>
        <p className="text-sm text-navy-700">{copy.description}</p>
        <p className="text-sm text-navy-700">{copy.hint}</p>
      </div>
      <div aria-live="polite">
        {review.isPending ? (
          <p className="text-sm text-navy-700">{copy.loading}</p>
        ) : review.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {copy.failed}: {errorText(review.error)}
          </p>
        ) : review.data.payments.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.none}</p>
        ) : (
          <ul className="grid gap-2">
            {review.data.payments.map((payment) => (
              <li
                key={payment.paymentId}
                className="grid gap-1 rounded-lg border border-cream-300/70 p-2 text-sm"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-navy-900">{payment.description}</span>
                  <Badge variant="neutral">{copy.kinds[payment.kind]}</Badge>
                </span>
                <span className="text-navy-700">
                  {copy.expected}: {money(payment.expectedCents, payment.expectedCurrency)} ·{' '}
                  {copy.paid}: {money(payment.paidCents, payment.paidCurrency)}
                </span>
                <span className="text-navy-700">
                  {copy.customer}: {payment.userId} · {copy.paidOn(day(payment.paidAt))} ·{' '}
                  {copy.detectedOn(day(payment.detectedAt))}
                </span>
                <span className="break-all text-navy-700">
                  {copy.providerPayment(payment.provider)}: {payment.providerPaymentId}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
