import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SalesMetricsResponse } from '@mia/contracts';
import { formatMoney, formatNumber, useI18n } from '@/i18n';
import { intlLocale } from '@/i18n/locale';
import {
  seriesPoints,
  topToolRows,
  type Interval,
  type SeriesPoint,
} from '@/features/admin-console/sales-format';
import { ChartCard } from './chart-card';

// The brand's colours (index.css), readable on white.
const NAVY = '#16254a';
const GOLD = '#b07a14';
const RED = '#b91c1c';
const GRID = '#e7dcc4';
const AXIS = { fontSize: 12, fill: '#16254a' };

/** The three charts of the sales view: recharts is only in the /admin chunk. */
export function SalesCharts({
  metrics,
  interval,
  nameOf,
}: {
  metrics: SalesMetricsResponse;
  interval: Interval;
  nameOf: (productId: string) => string | undefined;
}) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.sales.charts;
  const points = seriesPoints(metrics, interval, intlLocale[locale]);
  const tools = topToolRows(metrics, nameOf).map((tool) => ({
    ...tool,
    revenue: tool.revenueCents / 100,
  }));
  const money = (dollars: number) => formatMoney(Math.round(dollars * 100), locale);
  const number = (value: number) => formatNumber(value, locale);
  const wholeDollars = (dollars: number) => formatMoney(Math.round(dollars * 100), locale, 0);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard<SeriesPoint>
        id="chart-revenue"
        title={copy.revenueChart}
        description={copy.revenueDescription}
        rows={points}
        rowKey={(row) => row.date}
        columns={[
          { header: copy.date, cell: (row) => row.label },
          { header: copy.gross, cell: (row) => money(row.gross), numeric: true },
          { header: copy.refunded, cell: (row) => money(row.refunded), numeric: true },
        ]}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
            <YAxis tick={AXIS} tickFormatter={wholeDollars} width={72} />
            <Tooltip formatter={(value) => money(Number(value))} />
            <Legend />
            <Bar dataKey="gross" name={copy.gross} fill={NAVY} radius={[4, 4, 0, 0]} />
            <Bar dataKey="refunded" name={copy.refunded} fill={RED} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard<SeriesPoint>
        id="chart-customers"
        title={copy.customers}
        description={copy.customersDescription}
        rows={points}
        rowKey={(row) => row.date}
        columns={[
          { header: copy.date, cell: (row) => row.label },
          { header: copy.newCustomers, cell: (row) => number(row.newCustomers), numeric: true },
          { header: copy.uses, cell: (row) => number(row.uses), numeric: true },
        ]}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
            <YAxis tick={AXIS} allowDecimals={false} width={48} />
            <Tooltip formatter={(value) => number(Number(value))} />
            <Legend />
            <Line
              type="monotone"
              dataKey="newCustomers"
              name={copy.newCustomers}
              stroke={NAVY}
              strokeWidth={2}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="uses"
              name={copy.uses}
              stroke={GOLD}
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <div className="xl:col-span-2">
        <ChartCard
          id="chart-top-tools"
          title={copy.topTools}
          description={copy.topToolsDescription}
          rows={tools}
          rowKey={(row) => row.productId}
          columns={[
            { header: copy.tool, cell: (row) => row.name },
            { header: copy.sales, cell: (row) => number(row.sales), numeric: true },
            {
              header: copy.revenue,
              cell: (row) => formatMoney(row.revenueCents, locale),
              numeric: true,
            },
            { header: copy.uses, cell: (row) => number(row.uses), numeric: true },
          ]}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={tools}
              layout="vertical"
              margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            >
              <CartesianGrid stroke={GRID} horizontal={false} />
              <XAxis type="number" tick={AXIS} tickFormatter={wholeDollars} />
              <YAxis type="category" dataKey="name" tick={AXIS} width={140} />
              <Tooltip formatter={(value) => money(Number(value))} />
              <Bar dataKey="revenue" name={copy.revenue} fill={GOLD} radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
    </div>
  );
}
