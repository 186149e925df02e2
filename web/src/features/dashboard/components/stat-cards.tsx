import { BarChart3, DollarSign, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber, useI18n } from '@/i18n';
import type { DashboardStats } from '@/features/dashboard/summary';

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-cream-300/70 bg-white p-3 shadow-sm sm:p-5">
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-gold-400 sm:flex [&_svg]:size-6">
        {icon}
      </span>
      <p className="grid">
        <span className="text-xs font-medium text-navy-700 sm:text-sm">{label}</span>
        <span className="text-base font-bold whitespace-nowrap text-navy-900 sm:text-2xl">
          {value}
        </span>
      </p>
    </li>
  );
}

/** Spec section 2: owned out of available, total uses, total invested (no decimals). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t, locale } = useI18n();
  const copy = t.dashboard.stats;
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        {copy.heading}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard
          icon={<Package aria-hidden="true" />}
          label={copy.owned}
          value={copy.ownedValue(stats.owned, stats.total)}
        />
        <StatCard
          icon={<BarChart3 aria-hidden="true" />}
          label={copy.uses}
          value={formatNumber(stats.uses, locale)}
        />
        <StatCard
          icon={<DollarSign aria-hidden="true" />}
          label={copy.invested}
          value={formatMoney(stats.investedCents, locale, 0)}
        />
      </ul>
    </section>
  );
}
