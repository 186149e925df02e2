import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => string;
  /** Numbers align right, as in a spreadsheet. */
  numeric?: boolean;
}

/**
 * A chart with its title, and the same numbers as a table under "Ver como tabla" for those who
 * cannot see it (the chart itself is hidden from screen readers, which read the table).
 */
export function ChartCard<Row>({
  id,
  title,
  description,
  rows,
  columns,
  rowKey,
  children,
}: {
  id: string;
  title: string;
  description: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const copy = t.adminConsole.sales.charts;
  return (
    <Card aria-labelledby={`${id}-title`} data-testid={id} className="min-w-0">
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-navy-900">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rows.length === 0 ? (
          <p className="text-navy-700">{copy.empty}</p>
        ) : (
          <>
            <div aria-hidden="true" className="h-64 w-full min-w-0">
              {children}
            </div>
            <details className="group">
              <summary className="cursor-pointer text-sm font-semibold text-navy-800 underline underline-offset-4">
                {copy.showTable}
              </summary>
              <div className="mt-3 max-h-80 overflow-auto">
                <table className="w-full text-left text-sm" data-testid={`${id}-table`}>
                  <caption className="sr-only">{title}</caption>
                  <thead>
                    <tr className="border-b border-cream-300">
                      {columns.map((column) => (
                        <th
                          key={column.header}
                          scope="col"
                          className={`py-2 pr-3 font-semibold text-navy-900 ${column.numeric ? 'text-right' : ''}`}
                        >
                          {column.header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={rowKey(row)} className="border-b border-cream-200">
                        {columns.map((column, index) =>
                          index === 0 ? (
                            <th
                              key={column.header}
                              scope="row"
                              className="py-1.5 pr-3 font-normal text-navy-900"
                            >
                              {column.cell(row)}
                            </th>
                          ) : (
                            <td
                              key={column.header}
                              className={`py-1.5 pr-3 text-navy-800 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                            >
                              {column.cell(row)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
