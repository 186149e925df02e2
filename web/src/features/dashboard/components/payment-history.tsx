import type { DashboardResponse } from '@mia/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDate, formatMoney, useI18n } from '@/i18n';
import { amountToCents, parseDate, paymentLabel } from '@/features/dashboard/summary';

const badgeVariant = { paid: 'success', refunded: 'neutral', failed: 'danger' } as const;

/** Spec section 2: Date, Description, Amount, Status (Paid / Failed, and Refunded). */
export function PaymentHistory({ payments }: { payments: DashboardResponse['payments'] }) {
  const { t, locale } = useI18n();
  const copy = t.dashboard.payments;
  const rows = payments.map((payment) => {
    const date = parseDate(payment.createdAt);
    return {
      id: payment.id,
      description: payment.description,
      date: date ? formatDate(date, locale, { dateStyle: 'medium' }) : payment.createdAt,
      amount: formatMoney(amountToCents(payment.amount), locale),
      label: paymentLabel(payment.status),
      // A promotion code's discount, shown under the amount it was taken from.
      discount: payment.discountCents
        ? copy.discount(formatMoney(payment.discountCents, locale), payment.promotionCode ?? null)
        : null,
    };
  });
  return (
    <Card>
      <CardHeader>
        <h2 id="payment-history-title" className="text-xl font-bold text-navy-900">
          {copy.heading}
        </h2>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.empty}</p>
        ) : (
          <>
            {/* Phones get one block per payment; wider screens the spec's table. */}
            <ul className="grid gap-2 sm:hidden">
              {rows.map((row) => (
                <li
                  key={row.id}
                  className="grid gap-1 border-b border-cream-200 pb-2 text-sm last:border-0"
                >
                  <span className="font-medium text-navy-900">{row.description}</span>
                  <span className="flex flex-wrap items-center justify-between gap-2 text-navy-800">
                    <span>{row.date}</span>
                    <span className="flex items-center gap-2">
                      <span className="font-semibold text-navy-900">{row.amount}</span>
                      <Badge variant={badgeVariant[row.label]}>{copy[row.label]}</Badge>
                    </span>
                  </span>
                  {row.discount && (
                    <span className="text-right text-xs text-navy-700">{row.discount}</span>
                  )}
                </li>
              ))}
            </ul>
            <table
              className="hidden w-full text-left text-sm sm:table"
              aria-labelledby="payment-history-title"
              data-testid="payment-history"
            >
              <thead className="border-b border-cream-300 text-navy-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {copy.date}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {copy.description}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {copy.amount}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {copy.status}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-cream-200 last:border-0">
                    <td className="py-3 pr-4 whitespace-nowrap text-navy-800">{row.date}</td>
                    <td className="py-3 pr-4 text-navy-900">{row.description}</td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap text-navy-900">
                      {row.amount}
                      {row.discount && (
                        <span className="block text-xs text-navy-700">{row.discount}</span>
                      )}
                    </td>
                    <td className="py-3">
                      <Badge variant={badgeVariant[row.label]}>{copy[row.label]}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
