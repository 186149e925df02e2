import type { DashboardResponse } from '@mia/contracts';
import { Clock } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDate, useI18n } from '@/i18n';
import { productName } from '@/features/catalog/catalog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { productText } from '@/features/dashboard/product-text';
import {
  parseDate,
  RECENT_ACTIVITY_ITEMS,
  type DashboardStats,
} from '@/features/dashboard/summary';

/** Spec section 2: owned/total as a bar, then the first five purchased GPTs. */
export function RecentActivity({
  data,
  stats,
}: {
  data: DashboardResponse;
  stats: DashboardStats;
}) {
  const { t, locale } = useI18n();
  const copy = t.dashboard.activity;
  const catalog = useCatalog().view?.catalog;
  const nameOf = (id: string) => {
    const listed = data.availableProducts.find((product) => product.id === id);
    if (listed) return productText(listed, locale, catalog).name;
    return (catalog && productName(catalog, id, locale)) ?? copy.unknownTool;
  };
  const recent = data.purchasedGpts.slice(0, RECENT_ACTIVITY_ITEMS);
  const progress = copy.progress(stats.owned, stats.total);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold text-navy-900">{copy.heading}</h2>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Progress value={stats.owned} max={Math.max(stats.total, 1)} aria-label={progress} />
          <p className="text-sm text-navy-700">{progress}</p>
        </div>
        {recent.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.empty}</p>
        ) : (
          <ul className="grid gap-3" data-testid="recent-activity">
            {recent.map((gpt) => {
              const last = parseDate(gpt.lastAccessed);
              return (
                <li key={gpt.modelId} className="flex items-start gap-3">
                  <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-600" />
                  <p className="grid text-sm">
                    <span className="font-semibold text-navy-900">{nameOf(gpt.modelId)}</span>
                    <span className="text-navy-700">
                      {last
                        ? copy.lastAccess(formatDate(last, locale, { dateStyle: 'medium' }))
                        : copy.never}
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
