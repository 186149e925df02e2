import type { SalesMetricsResponse } from '@mia/contracts';
import { formatMoney, formatNumber, formatPercent, useI18n } from '@/i18n';

/** The period's headline numbers, each with the line that explains it. */
export function KpiTiles({ metrics }: { metrics: SalesMetricsResponse }) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.sales.kpi;
  const money = (cents: number) => formatMoney(cents, locale);
  const number = (value: number) => formatNumber(value, locale);
  const tiles = [
    {
      key: 'net',
      label: copy.net,
      value: money(metrics.revenue.netCents),
      detail: copy.netDetail(
        money(metrics.revenue.grossCents),
        money(metrics.revenue.refundedCents),
      ),
    },
    { key: 'mrr', label: copy.mrr, value: money(metrics.mrrCents), detail: copy.mrrDetail },
    {
      key: 'plans',
      label: copy.activePlans,
      value: number(metrics.activePlans.monthly + metrics.activePlans.annual),
      detail: copy.activePlansDetail(
        number(metrics.activePlans.monthly),
        number(metrics.activePlans.annual),
      ),
    },
    {
      key: 'customers',
      label: copy.newCustomers,
      value: number(metrics.newCustomers),
      detail: copy.newCustomersDetail,
    },
    {
      key: 'conversion',
      label: copy.conversion,
      value: formatPercent(metrics.trials.conversionRate, locale),
      detail: copy.conversionDetail(
        number(metrics.trials.converted),
        number(metrics.trials.started),
      ),
    },
    {
      key: 'disputes',
      label: copy.disputes,
      value: copy.disputesOpen(number(metrics.disputes.open)),
      detail: copy.disputesDetail(number(metrics.disputes.won), number(metrics.disputes.lost)),
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="sales-kpis">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className="grid content-start gap-1 rounded-2xl border border-cream-300/70 bg-white p-5 shadow-sm"
          data-testid={`kpi-${tile.key}`}
        >
          <dt className="text-sm font-medium text-navy-700">{tile.label}</dt>
          <dd className="text-2xl font-bold text-navy-900">{tile.value}</dd>
          <dd className="text-sm text-navy-700">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
