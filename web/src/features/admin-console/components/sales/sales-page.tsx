import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { useAdminProducts } from '@/features/admin-console/api/products';
import { useSalesMetrics } from '@/features/admin-console/api/sales-metrics';
import { SectionHeading } from '@/features/admin-console/components/admin-layout';
import { SectionState } from '@/features/admin-console/components/section-state';
import { defaultRange, exportLinks, rangeProblem } from '@/features/admin-console/sales-format';
import { KpiTiles } from './kpi-tiles';
import { RangePicker } from './range-picker';
import { SalesCharts } from './sales-charts';

/** /admin: the sales view (GET /api/admin/metrics) for a period, and the CSV exports. */
export function SalesPage() {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.sales;
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const metrics = useSalesMetrics(range);
  // Names for the top tools; an id stands in while they load or for a tool no longer listed.
  const products = useAdminProducts();
  const nameOf = (productId: string) =>
    products.data?.products.find((product) => product.id === productId)?.name[locale];
  const links = exportLinks(range);
  const valid = rangeProblem(range) === null;

  return (
    <>
      <SectionHeading title={copy.heading} subtitle={copy.subtitle} />
      <RangePicker range={range} onChange={setRange} />
      {metrics.data ? (
        <div className="grid gap-6" aria-busy={metrics.isFetching} data-testid="sales-view">
          <KpiTiles metrics={metrics.data} />
          <SalesCharts metrics={metrics.data} interval={range.interval} nameOf={nameOf} />
        </div>
      ) : valid ? (
        <SectionState query={metrics} />
      ) : null}
      <Card aria-labelledby="sales-exports-title">
        <CardHeader>
          <h2 id="sales-exports-title" className="text-lg font-semibold text-navy-900">
            {copy.exports.heading}
          </h2>
          <CardDescription>{copy.exports.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {valid ? (
            <a href={links.payments} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden="true" />
              {copy.exports.payments}
            </a>
          ) : null}
          <a href={links.customers} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" />
            {copy.exports.customers}
          </a>
        </CardContent>
      </Card>
    </>
  );
}
